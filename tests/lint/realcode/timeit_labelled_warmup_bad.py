"""Near twin of `timeit_labelled_warmup_silent.py`: the first `timeit.timeit` reading is printed as the run time,
not as a warm-up, so its cold, unsynchronized figure is reported (WP102; WP103 with weak evidence)."""
import timeit

import torch

a = torch.randn(4096, 4096, device="cuda")
b = torch.randn(4096, 4096, device="cuda")


def gpu_run():
    c = torch.matmul(a, b)
    return c


t = timeit.timeit(gpu_run, number=10)  # expect: WP102  # expect-extra: WP103
print("run time", t)
