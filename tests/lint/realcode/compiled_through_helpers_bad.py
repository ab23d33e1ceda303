"""WP112 (eleventh session, lint57): a model compiled in a set-up step and first called inside a timed region that
reaches it only through the file's helpers: an attribute compiled by a set-up method the program ran first
(`eng.compile()` binding `self.model = torch.compile(self.model)`: running that method does not run the model), a
`forward` decorated `@torch.compile` run by calling the module, `m.forward = torch.compile(m.forward)`, a compile call
returned by a builder (`return torch.compile(m, mode=...)`) and kept on a runner's attribute, `model.compile()`
inside a loader, a Numba kernel launched by a method of an object handed to the timing helper, a compiled function
in a later row of a written-out list of configurations handed to the timing helper (`for name, fn in {"eager": f,
"compiled": g}.items()`: its first call is in its own row), and a causal LM's `generate` after
`lm.forward = torch.compile(lm.forward, ...)` (it runs the compiled forward)."""
import time

import numpy as np
import torch
from numba import cuda
from transformers import AutoModelForCausalLM, AutoTokenizer


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
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    eng.generate(x)  # expect: WP112
    torch.cuda.synchronize()
    print(f"latency {time.perf_counter() - t0:.3f}s")


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(512, 512)

    @torch.compile
    def forward(self, x):
        return torch.relu(self.fc(x))


def block_time():
    block = Block().cuda()
    x = torch.randn(32, 512, device="cuda")
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(20):
        block(x)  # expect: WP112
    torch.cuda.synchronize()
    print((time.perf_counter() - t0) / 20)


class Pipeline:
    def __init__(self):
        self.net = torch.nn.Linear(256, 256).cuda().eval()
        self.net.forward = torch.compile(self.net.forward, mode="reduce-overhead")

    def infer(self, x):
        return self.net(x)


def pipeline_latency():
    p = Pipeline()
    x = torch.randn(4, 256, device="cuda")
    torch.cuda.synchronize()
    t = time.perf_counter()
    p.infer(x)  # expect: WP112
    torch.cuda.synchronize()
    print("latency", time.perf_counter() - t)


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
            self.forward_pass()  # expect: WP112
        torch.cuda.synchronize()
        return (time.perf_counter() - t0) / iters


def build(compile_mode):
    m = torch.nn.Linear(1024, 1024).cuda()
    return torch.compile(m, mode=compile_mode)


def runner_time(mode):
    model = build(mode)
    r = Runner(model, torch.randn(8, 1024, device="cuda"))
    return r.bench()


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
    cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        op.run()  # expect: WP112
    cuda.synchronize()
    return (time.perf_counter() - t0) / reps


def gelu_mm(a, b):
    return torch.nn.functional.gelu(a @ b)


gelu_mm_compiled = torch.compile(gelu_mm)


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
    gelu_mm(a, b)
    for name, fn in {"eager": gelu_mm, "compiled": gelu_mm_compiled}.items():
        print(name, bench(fn, a, b))  # expect: WP112


def complete(lm, tok, prompt, n=64):
    ids = tok(prompt, return_tensors="pt").to("cuda")
    return lm.generate(**ids, max_new_tokens=n)


def hf_latency():
    tok = AutoTokenizer.from_pretrained("gpt2")
    lm = AutoModelForCausalLM.from_pretrained("gpt2", device_map="cuda", torch_dtype=torch.float16)
    lm.generation_config.cache_implementation = "static"
    lm.forward = torch.compile(lm.forward, mode="reduce-overhead", fullgraph=True)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    complete(lm, tok, "Hello")  # expect: WP112
    torch.cuda.synchronize()
    print("latency", time.perf_counter() - t0)


if __name__ == "__main__":
    engine_latency()
    block_time()
    pipeline_latency()
    print(runner_time("max-autotune"))
    print(op_time(Saxpy(1 << 20)))
    rows_time()
    hf_latency()
