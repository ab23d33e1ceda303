"""Per-sample arrays of `cupyx.profiler.benchmark` (WP105): `.gpu_times` averaged and nothing else reported.
Silent: the mean with the spread, and the result printed whole (its own summary shows min/max and the spread)."""
import cupy as cp
from cupyx.profiler import benchmark
x = cp.random.random(1 << 20)
def f(a):
    return cp.sqrt(a) + 1
t = benchmark(f, (x,), n_repeat=50).gpu_times
print(f"{t.mean() * 1e6:.1f} us")  # expect: WP105
res = benchmark(f, (x,), n_repeat=50)
print(res.gpu_times.mean())  # expect: WP105
ok = benchmark(f, (x,), n_repeat=50).gpu_times
print(ok.mean(), ok.std())
print(benchmark(f, (x,), n_repeat=50))
