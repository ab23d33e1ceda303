"""The caching allocator emptied between timed samples after the code warmed the same work up (WP104, default): a
harness method that clears the cache through a helper method of its class before each event-timed call of the
callable it is handed, and a size sweep that flushes a CuPy pool before each timed run of a function of the file
it ran once before the sweep. The flush hands the warm-up's cached blocks back to the driver, so every timed sample
allocates its outputs through `cudaMalloc` again."""
import gc
import time

import cupy as cp
import torch


class Bench:
    def free_memory(self):
        torch.cuda.empty_cache()
        gc.collect()

    def run(self, fn, args, warmup=3, reps=10):
        for _ in range(warmup):
            fn(*args)
        torch.cuda.synchronize()
        ms = []
        for _ in range(reps):
            self.free_memory()  # expect: WP104
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record()
            out = fn(*args)
            e.record()
            torch.cuda.synchronize()
            ms.append(s.elapsed_time(e))
        return sorted(ms)[len(ms) // 2], out


def paths(n_steps, n_paths):
    z = cp.random.standard_normal((n_paths, n_steps), dtype=cp.float32)
    return cp.cumsum(z, axis=1)[:, -1].mean()


def sweep():
    paths(10, 10)
    for n in (10_000, 100_000, 1_000_000):
        cp.get_default_memory_pool().free_all_blocks()  # expect: WP104
        cp.cuda.Device().synchronize()
        t0 = time.perf_counter()
        paths(256, n)
        cp.cuda.Device().synchronize()
        print(n, time.perf_counter() - t0)


print(Bench().run(torch.matmul, (torch.randn(2048, 2048, device="cuda"),) * 2))
sweep()
