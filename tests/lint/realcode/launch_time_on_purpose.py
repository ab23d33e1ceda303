"""Host-side time measured on purpose and named so: a helper `_bench_launch_us` beside an event-timed twin, or
`measure_cpu_overhead`, times the launch (what WP102 says it times), so the finding is weak (`extra` only). The
same loop in a helper named for the op's latency is a real WP102."""

import statistics
import time

import torch


def _bench_kernel_us(run, warmup, iters):
    for _ in range(warmup):
        run()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        run()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) * 1e3 / iters


def _bench_launch_us(run, warmup, iters):
    for _ in range(warmup):
        run()
    torch.cuda.synchronize()
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        run()
        times.append((time.perf_counter() - t0) * 1e6)  # expect-extra: WP102
    torch.cuda.synchronize()
    return statistics.median(times)


def measure_cpu_overhead(run, iters):
    run()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(iters):
        run()
    return (time.perf_counter() - t0) / iters  # expect-extra: WP102


def measure_latency(run, iters):
    run()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(iters):
        run()
    return (time.perf_counter() - t0) / iters  # expect: WP102


x = torch.randn(4096, 4096, device="cuda")
op = lambda: torch.softmax(x, dim=-1)  # noqa: E731
print(_bench_kernel_us(op, 10, 100), _bench_launch_us(op, 10, 100), measure_cpu_overhead(op, 100),
      measure_latency(op, 100))
