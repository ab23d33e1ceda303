"""Two waits that are not written as a synchronize: torch_xla's `_xla_sync_multi(..., wait=True)` (or
`xm.wait_device_ops()`) runs the pending graph and waits for it, and a blocking copy into a CPU tensor
(`host_buf.copy_(dev_chunk)`) waits for the device before it returns; an end read after either is right (silent).
Without `wait=True`, or with `non_blocking=True`, nothing waits (WP102)."""

import time

import torch
import torch_xla
import torch_xla.core.xla_model as xm


def bench_gpu(a, b, steps):
    torch.mm(a, b)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(steps):
        c = torch.mm(a, b)
    torch.cuda.synchronize()
    return time.perf_counter() - t0, c


def bench_xla(a, b, steps):
    def settle(t):
        torch_xla._XLAC._xla_sync_multi([t], devices=[], wait=True, sync_xla_data=True)

    c = torch.mm(a, b)
    t0 = time.perf_counter()
    for _ in range(steps):
        c = torch.mm(a, c)
    settle(c)
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(steps):
        c = torch.mm(a, c)
    xm.wait_device_ops()
    return first, time.perf_counter() - t0


def fill_rows(rows, chunk, width):
    dev_chunk = torch.empty(chunk, width, device="cuda")
    host_buf = torch.empty(chunk, width, device="cpu")
    t0 = time.time()
    for _ in range(0, rows, chunk):
        dev_chunk.uniform_(-0.1, 0.1)
        host_buf.copy_(dev_chunk, non_blocking=False)
    blocking = time.time() - t0
    pinned = torch.empty(chunk, width, device="cpu").pin_memory()
    t0 = time.time()
    for _ in range(0, rows, chunk):
        dev_chunk.uniform_(-0.1, 0.1)
        pinned.copy_(dev_chunk, non_blocking=True)
    return blocking, time.time() - t0  # expect: WP102


x = torch.randn(1024, 1024, device="cuda")
print(bench_gpu(x, x, 10), bench_xla(x.to(xm.xla_device()), x.to(xm.xla_device()), 10), fill_rows(1 << 16, 4096, 128))
