"""Set 21 class: a pytest test function in a module that only defines things is an entry point, not a library
function whose callers may warm it up: pytest calls it with no warmup, so a fresh `nn.Linear(...).cuda().half()`
timed over 100 iterations with no call before includes its cold first call (WP103). A helper of the same module
that is not a test stays silent (its callers may warm up)."""

import time

import torch


def test_benchmark_linear():
    with torch.no_grad():
        lin = torch.nn.Linear(512, 512).cuda().half()
        x = torch.randn(16, 512, device="cuda", dtype=torch.half)
        torch.cuda.synchronize()
        start = time.time()
        for _ in range(100):
            out = lin(x)  # expect: WP103
        torch.cuda.synchronize()
        print(f"cost={time.time() - start}", out.shape)


def linear_cost(lin, x):
    torch.cuda.synchronize()
    start = time.time()
    for _ in range(100):
        lin(x)
    torch.cuda.synchronize()
    return time.time() - start
