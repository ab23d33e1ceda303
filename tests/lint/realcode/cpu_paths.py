"""Set 18 classes: host timing of code that only runs on the CPU is correct (WP102/WP103 silent): a tensor timed
before its name is rebound to a GPU copy (placement follows the module body in order), a section that sets
`device = "cpu"` before a later one sets "cuda", the path after `if device == "cuda": ...; return`, and a helper
called only under `if device == "cpu":`. The GPU sections of the same code are still reported."""

import time

import torch

w = torch.rand(2048, 2048)
t = time.perf_counter()
w @ w
print("cpu", time.perf_counter() - t)
w = w.to("cuda")
w @ w
t = time.perf_counter()
w @ w
print("gpu", time.perf_counter() - t)  # expect: WP102

device = "cpu"
net = torch.nn.Linear(512, 512)
net.to(device)
for _ in range(3):
    net(torch.rand(64, 512, device=device))
start = time.time()
for _ in range(100):
    net(torch.rand(64, 512, device=device))
print("cpu section", time.time() - start)

device = "cuda"
net.to(device)
for _ in range(3):
    net(torch.rand(64, 512, device=device))
start = time.time()
for _ in range(100):
    net(torch.rand(64, 512, device=device))
print("gpu section", time.time() - start)  # expect: WP102


def latency_ms(model, x, device):
    if device == "cuda":
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        model(x)
        e.record()
        torch.cuda.synchronize()
        return s.elapsed_time(e)
    t0 = time.perf_counter()
    model(x)
    return (time.perf_counter() - t0) * 1e3


def timed_cpu(fn):
    t0 = time.time()
    out = fn()
    return out, time.time() - t0


def time_model(fn, data, device="cpu"):
    if device == "cpu":
        return timed_cpu(lambda: fn(data.cpu()))
    return fn(data)


def first_call_time(model, x):
    """Set 18 F3: a function that says it times the first call (the print says "includes compilation")."""
    cm = torch.compile(model)
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    s.record()
    cm(x.cuda())
    e.record()
    torch.cuda.synchronize()
    return s.elapsed_time(e)
