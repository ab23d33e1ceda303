"""Near miss: the same helper handed a lambda around NumPy work on host arrays (the host clock is right)."""
import numpy as np

from bench_util import repeat_time

m = np.random.rand(512, 512)
print("inverse s", repeat_time(lambda: np.linalg.inv(m).sum(), 20))
