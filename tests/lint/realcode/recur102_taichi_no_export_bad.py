"""Twenty-second session (recur102) must-report: the same Taichi loop without any field read-back in the loop: the
kernels are only queued when the clock is read (the export comes after the end read)."""
import time

import taichi as ti

ti.init(arch=ti.gpu)
n = 4096
x = ti.Vector.field(2, dtype=ti.f32, shape=n)
v = ti.Vector.field(2, dtype=ti.f32, shape=n)


@ti.kernel
def substep():
    for i in x:
        x[i] += v[i] * 1e-3


substep()
ti.sync()
start = time.time()
for step in range(2000):
    for _ in range(10):
        substep()
end = time.time()  # expect: WP102
pos = x.to_numpy()
print(f"2000 frames in {end - start:.3f} s, centre {pos.mean(axis=0)}")
