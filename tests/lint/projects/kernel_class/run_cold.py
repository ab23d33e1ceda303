"""The solver's kernel method timed from its first call (compiled there) and the clock read while its launches are
still queued: both mistakes are reported at this file's calls."""
import time

import taichi as ti

from stencil import Diffusion

ti.init(arch=ti.cuda)
sim = Diffusion(1024)
t0 = time.perf_counter()
for _ in range(500):
    sim.step(0.1)  # expect: WP112
t1 = time.perf_counter()  # expect: WP102
print(f"{(t1 - t0) / 500 * 1e3:.3f} ms per step")
