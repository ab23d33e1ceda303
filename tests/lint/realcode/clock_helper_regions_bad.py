"""Clocks read through small helpers of the file: ``get_time()`` returns ``time.time()`` after a synchronize, so
``end - start`` of two calls is a timed region like one written inline. The model's first calls are timed with no
warmup (WP103); the helper without a synchronize times the launch of the matmuls only (WP102)."""

import time

import torch


def get_time():
    torch.cuda.synchronize()
    return time.time()


def now_ms():
    return time.perf_counter() * 1e3


model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")

start = get_time()
for _ in range(3):
    y = model(x)  # expect: WP103
end = get_time()
print(f"forward: {(end - start) / 3:.4f} s")

a = torch.randn(2048, 2048, device="cuda")
a @ a
t0 = now_ms()
for _ in range(10):
    a @ a
t1 = now_ms()  # expect: WP102
print(f"matmul: {(t1 - t0) / 10:.3f} ms")
