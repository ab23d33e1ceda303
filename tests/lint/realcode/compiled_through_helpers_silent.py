"""Near misses of compiled_through_helpers_bad.py (WP112 silent): each compiled object reached through the file's
helpers already ran before its timed region: a set-up method that compiles an attribute and calls it, a warm-up
call of the helper, a warm-up loop, another instance of a class whose `forward` is `@torch.compile`d (the same
compiled function), a compiled `forward` run by a call before the loop, a module compiled in place and called once
before, a kernel launched by the helper's object before the timed loop, and a compiled function in a later row of
a list of configurations warmed by an earlier loop over the same rows, or called before the loop, and a causal LM
whose compiled forward ran in a short `generate` before the timed one. A compile the code may turn off
(`disable=not use_compile`) may leave the model eager: its cold first call is WP103's, not WP112's."""
import time

import numpy as np
import torch
from numba import cuda
from transformers import AutoModelForCausalLM, AutoTokenizer


class Bench:
    def setup(self):
        self.model = torch.nn.Linear(512, 512).cuda()
        self.model = torch.compile(self.model)
        self.x = torch.randn(32, 512, device="cuda")
        self.model(self.x)

    def step(self):
        return self.model(self.x)

    def benchmark(self, iters=50):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(iters):
            self.step()
        end.record()
        torch.cuda.synchronize()
        return start.elapsed_time(end) / iters


class Engine:
    def __init__(self):
        self.model = torch.nn.Linear(512, 512).cuda()

    def compile(self):
        self.model = torch.compile(self.model, mode="max-autotune")

    def generate(self, x, steps=16):
        for _ in range(steps):
            x = self.model(x)
        return x


def engine_latency():
    eng = Engine()
    eng.compile()
    x = torch.randn(8, 512, device="cuda")
    eng.generate(x, steps=2)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    eng.generate(x)
    torch.cuda.synchronize()
    print(f"latency {time.perf_counter() - t0:.3f}s")


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(512, 512)

    @torch.compile
    def forward(self, x):
        return torch.relu(self.fc(x))


def timed_block(block, x):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(20):
        block(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / 20


def block_time():
    x = torch.randn(32, 512, device="cuda")
    a = Block().cuda()
    for _ in range(3):
        a(x)
    b = Block().cuda()
    print(timed_block(a, x), timed_block(b, x))


def forward_time(m, x):
    m(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(20):
        m(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / 20


class Runner:
    def __init__(self, model, x):
        self.module = model
        self.x = x

    def forward_pass(self):
        with torch.no_grad():
            return self.module(self.x)

    def bench(self, iters=30):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(iters):
            self.forward_pass()  # expect: WP103
        torch.cuda.synchronize()
        return (time.perf_counter() - t0) / iters


def build(compile_mode, use_compile):
    m = torch.nn.Linear(1024, 1024).cuda()
    return torch.compile(m, mode=compile_mode, disable=not use_compile)


def runner_time(mode, use_compile):
    r = Runner(build(mode, use_compile), torch.randn(8, 1024, device="cuda"))
    return r.bench()


def get_model():
    model = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.GELU()).cuda()
    model.compile(mode="max-autotune")
    return model


def in_place_time():
    m = get_model()
    h = torch.randn(4, 256, device="cuda")
    m(h)
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(10):
        m(h)
    torch.cuda.synchronize()
    return (time.perf_counter() - t) / 10


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


class Saxpy:
    def __init__(self, n):
        self.x = cuda.to_device(np.ones(n, dtype=np.float32))
        self.y = cuda.to_device(np.ones(n, dtype=np.float32))
        self.out = cuda.device_array(n, dtype=np.float32)
        self.n = n

    def run(self):
        saxpy[(self.n + 255) // 256, 256](2.0, self.x, self.y, self.out)


def op_time(op, reps=10):
    op.run()
    cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        op.run()
    cuda.synchronize()
    return (time.perf_counter() - t0) / reps


def gelu_mm(a, b):
    return torch.nn.functional.gelu(a @ b)


gelu_mm_compiled = torch.compile(gelu_mm)
gelu_mm_max = torch.compile(gelu_mm, mode="max-autotune")
ROWS = [("eager", gelu_mm), ("compiled", gelu_mm_compiled)]


def bench(fn, a, b, n=50):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(n):
        fn(a, b)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / n


def rows_time():
    a = torch.randn(1024, 1024, device="cuda")
    b = torch.randn(1024, 1024, device="cuda")
    for _, fn in ROWS:
        fn(a, b)
    for name, fn in ROWS:
        print(name, bench(fn, a, b))
    gelu_mm_max(a, b)
    for name, fn in [("eager", gelu_mm), ("max-autotune", gelu_mm_max)]:
        print(name, bench(fn, a, b))


def complete(lm, tok, prompt, n=64):
    ids = tok(prompt, return_tensors="pt").to("cuda")
    return lm.generate(**ids, max_new_tokens=n)


def hf_latency():
    tok = AutoTokenizer.from_pretrained("gpt2")
    lm = AutoModelForCausalLM.from_pretrained("gpt2", device_map="cuda", torch_dtype=torch.float16)
    lm.generation_config.cache_implementation = "static"
    lm.forward = torch.compile(lm.forward, mode="reduce-overhead", fullgraph=True)
    complete(lm, tok, "Hi", n=4)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    complete(lm, tok, "Hello")
    torch.cuda.synchronize()
    print("latency", time.perf_counter() - t0)


if __name__ == "__main__":
    bench = Bench()
    bench.setup()
    print(bench.benchmark())
    engine_latency()
    block_time()
    lin = torch.nn.Linear(256, 256).cuda()
    lin.forward = torch.compile(lin.forward)
    print(forward_time(lin, torch.randn(4, 256, device="cuda")))
    print(runner_time("max-autotune", False))
    print(in_place_time())
    print(op_time(Saxpy(1 << 20)))
    rows_time()
    hf_latency()
