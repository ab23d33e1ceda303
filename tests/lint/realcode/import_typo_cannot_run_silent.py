"""A file that cannot run (set 132, fresherrors): stray characters typed after a standard-library name make the
import fail (`dataclasses` defines `dataclass`, not `dataclassЬщ`), so nothing below it runs and the timing mistake
further down is never measured: silent. The near miss import_typo_cannot_run_bad.py imports the right name."""
import time
from dataclasses import dataclassЬщ

import cupy as cp

x = cp.random.rand(4096, 4096, dtype=cp.float32)
start = time.perf_counter()
y = x @ x
print("matmul", time.perf_counter() - start)
