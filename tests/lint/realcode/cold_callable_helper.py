"""Sets 14, 20, 21 class (lint11): a timing helper of the file that takes the work as a parameter and times it with
no warmup of its own (or a warmup count that defaults to 0 and that no call site passes), handed a model the file
put on the GPU, or a function of the file doing GPU work, that never ran before that call: the cold first call is
averaged into the number. Reported at the cold call site. Silent: the argument ran before; an earlier call of the
helper with the same argument; the helper called in a loop; per-call samples reduced by their median; CPU work;
a warmup that a call site asks for."""
import statistics
import time

import torch


def benchmark(func, x, name, num_runs=1000):
    start_time = time.time()
    for _ in range(num_runs):
        func(x)
    torch.cuda.synchronize()
    end_time = time.time()
    return f"{name}: {(end_time - start_time) / num_runs * 1000:.4f} ms"


def compare_activations():
    x = torch.randn(1000000, device="cuda")
    plain = torch.nn.GELU().cuda()
    fused = torch.nn.SiLU().cuda()
    fused(x)
    print(benchmark(plain, x, "gelu"))  # expect: WP103
    print(benchmark(fused, x, "silu"))


def measure(fn, t, warmup=0, repeats=1):
    for _ in range(warmup):
        fn(t)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(repeats):
        fn(t)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / repeats


def square(t):
    return torch.square(t)


def cube(t):
    return t * t * t


def sizes():
    for n in (1000, 100000):
        t = torch.randn(n, device="cuda")
        print(measure(square, t))  # in a loop over sizes: the first size warms the rest


def once():
    t = torch.randn(4096, device="cuda")
    print(measure(cube, t))  # expect: WP103


def measure_warm(fn, t, warmup=0, repeats=1):
    for _ in range(warmup):
        fn(t)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(repeats):
        fn(t)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / repeats


def asked_for_warmup(t):
    m = torch.nn.ReLU().cuda()
    print(measure_warm(m, t, warmup=3))  # a call site passes a warmup count: the helper warms up


def twice():
    t = torch.randn(4096, device="cuda")
    m = torch.nn.Tanh().cuda()
    measure(m, t)
    print(measure(m, t))


def median_time(f, x, n=10):
    samples = []
    for _ in range(n):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        f(x)
        torch.cuda.synchronize()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def robust():
    x = torch.randn(64, device="cuda")
    m = torch.nn.Sigmoid().cuda()
    print(median_time(m, x))


def on_host():
    x = torch.randn(64)
    m = torch.nn.Sigmoid()
    print(benchmark(m, x, "cpu"))


if __name__ == "__main__":
    compare_activations()
    sizes()
    once()
    asked_for_warmup(torch.randn(8, device="cuda"))
    twice()
    robust()
    on_host()
