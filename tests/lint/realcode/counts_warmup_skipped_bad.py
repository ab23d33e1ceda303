# Ten kept samples of a collective after five warm-up iterations skipped by index, and a config class's run count
# held by the benchmark object: both means are of a few samples, and only the means are reported.
import time
from dataclasses import dataclass

import numpy as np
import torch


def bench_matmul(n, warm_up=5, repeat=10):
    a = torch.randn(n, n, device="cuda")
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    ts = []
    for i in range(warm_up + repeat):
        start.record()
        a @ a
        end.record()
        end.synchronize()  # expect: WP101
        if i >= warm_up:
            ts.append(start.elapsed_time(end))
    print(f"{n}: {np.mean(ts):.3f} ms")  # expect: WP105


@dataclass
class RunConfig:
    size: int = 1024
    num_runs: int = 3


class Suite:
    def __init__(self, config: RunConfig):
        self.config = config

    def run(self):
        x = torch.randn(self.config.size, self.config.size, device="cuda")
        x @ x
        torch.cuda.synchronize()
        times = []
        for _ in range(self.config.num_runs):
            t0 = time.perf_counter()
            x @ x
            torch.cuda.synchronize()
            times.append(time.perf_counter() - t0)
        return np.mean(times)  # expect: WP105


if __name__ == "__main__":
    for n in (256, 1024):
        bench_matmul(n)
    print(Suite(RunConfig(num_runs=5)).run())
