"""Synchronization the linter must see through calls of the same file and known syncing calls."""
import functools
import time

import torch
from triton.testing import do_bench

x = torch.randn(2048, 2048, device="cuda")


def bench_both(fn):
    ref = do_bench(lambda: x @ x)  # do_bench waits for the device before it returns
    return ref, do_bench(fn)


def train(model, opt, batches):
    losses = []
    for xb in batches:
        loss = model(xb).square().mean()
        loss.backward()
        opt.step()
        losses.append(loss.item())  # a sync every step: train() returns with the device idle
    return losses


def drain():
    torch.cuda.synchronize()


def step(model, xb):
    y = model(xb)
    drain()
    return y


compiled_step = torch.compile(step)

model = torch.nn.Linear(2048, 2048).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(3):
    model(x)
    compiled_step(model, x)

t0 = time.perf_counter()
bench_both(lambda: torch.relu(x))
print("bench", time.perf_counter() - t0)

t0 = time.perf_counter()
train(model, opt, [x] * 10)
print("epoch", time.perf_counter() - t0)

t0 = time.perf_counter()
compiled_step(model, x)
print("step", time.perf_counter() - t0)

t0 = time.perf_counter()
y = model(x)
print("forward", time.perf_counter() - t0)  # expect: WP102

sync = getattr(torch, "cuda").synchronize  # a synchronize function under another name
sync()
t0 = time.perf_counter()
y = model(x)
sync()
print("forward, synchronized", time.perf_counter() - t0)


def wait_for_cuda():
    torch.cuda.synchronize()


wait_fn = lambda: None  # noqa: E731 -- the CPU fallback
if torch.cuda.is_available():
    wait_fn = wait_for_cuda


def timed_runs(fn, wait_for_computation, repetitions):
    times = []
    for _ in range(repetitions):
        wait_for_computation()  # expect-extra: WP101
        start = time.perf_counter_ns()
        fn()
        wait_for_computation()  # every caller passes a synchronize here
        times.append(time.perf_counter_ns() - start)
    return times


bench = functools.partial(timed_runs, lambda: model(x), wait_fn)
print(min(bench(3)))
