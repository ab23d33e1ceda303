"""A Triton softmax benchmark as people write them: several timing methods, some of them wrong."""
import time

import numpy as np
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(in_ptr + row * in_stride + offs, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * out_stride + offs, num / tl.sum(num, axis=0), mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    softmax_kernel[(n_rows,)](y, x, x.stride(0), y.stride(0), n_cols, BLOCK=triton.next_power_of_2(n_cols))
    return y


def bench_host_clock(x, iters=100):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(iters):
        softmax(x)  # expect: WP112
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / iters * 1e3


def bench_no_sync(x, iters=100):
    for _ in range(10):
        softmax(x)
    t0 = time.perf_counter()
    for _ in range(iters):
        softmax(x)
    return (time.perf_counter() - t0) / iters * 1e3  # expect: WP102


def bench_events(x, iters=100):
    for _ in range(10):
        softmax(x)
    times = []
    for _ in range(iters):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        softmax(x)
        end.record()
        torch.cuda.synchronize()  # expect: WP101
        times.append(start.elapsed_time(end))
    return np.mean(times)  # expect: WP105


def bench_fresh_inputs(iters=100):
    x = torch.randn(4096, 4096, device="cuda")
    for _ in range(10):
        softmax(x)
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        x = torch.randn(4096, 4096, device="cuda")  # expect: WP104
        softmax(x)
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / iters


def bench_good(x, iters=100):
    for _ in range(10):
        softmax(x)
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(iters)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(iters)]
    for i in range(iters):
        starts[i].record()
        softmax(x)
        ends[i].record()
    torch.cuda.synchronize()
    ms = sorted(s.elapsed_time(e) for s, e in zip(starts, ends))
    return ms[len(ms) // 2], ms[0], ms[-1]


if __name__ == "__main__":
    x = torch.randn(4096, 4096, device="cuda")
    print("host clock", bench_host_clock(x))
    print("no sync", bench_no_sync(x))
    print("events", bench_events(x))
    print("fresh inputs", bench_fresh_inputs())
    print("good", bench_good(x))
    print("triton", triton.testing.do_bench(lambda: softmax(x)))
