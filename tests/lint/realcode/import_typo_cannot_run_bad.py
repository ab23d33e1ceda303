"""Near miss of import_typo_cannot_run_silent.py: the import names what `dataclasses` defines, the file runs, and
the host clock is read right after the launch of the matrix product, with no wait (WP102)."""
import time
from dataclasses import dataclass

import cupy as cp

x = cp.random.rand(4096, 4096, dtype=cp.float32)
cp.cuda.Device().synchronize()
y = x @ x
cp.cuda.Device().synchronize()
start = time.perf_counter()
y = x @ x
print("matmul", time.perf_counter() - start)  # expect: WP102
