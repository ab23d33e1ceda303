"""A timing class of the project whose report keeps only the mean of the samples it took."""
import statistics
import time

import torch


class Stopwatch:
    def __init__(self, repeats=10):
        self.repeats = repeats

    def run(self, fn):
        fn()
        torch.cuda.synchronize()
        spans = []
        for _ in range(self.repeats):
            t = time.perf_counter()
            fn()
            torch.cuda.synchronize()
            spans.append(time.perf_counter() - t)
        print(f"{statistics.mean(spans) * 1e3:.3f} ms")  # expect: WP105
