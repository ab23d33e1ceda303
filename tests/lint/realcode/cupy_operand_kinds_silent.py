"""Silent neighbours of cupy_first_use.py's mixed region: every operator (and kind of operand) the timed regions use
ran once before them, untimed; an operand of unknown kind matches the warm operator."""
import time

import cupy as cp

grid = cp.ones((256, 256, 32))
grid *= 2
grid *= grid
grid += grid
scale = float(input() or 2)
cp.cuda.Stream.null.synchronize()

s = time.perf_counter()
grid *= 2
grid *= grid
grid += grid
cp.cuda.Stream.null.synchronize()
print("mixed", time.perf_counter() - s)

s = time.perf_counter()
grid *= scale
grid += grid
cp.cuda.Stream.null.synchronize()
print("scaled", time.perf_counter() - s)
