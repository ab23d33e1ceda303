"""Twenty-second session (recur102) near miss: a Taichi simulation loop reads its fields back every frame
(`x.to_numpy()`, which runs a copy kernel and then `ti.sync()` before it returns), so each frame waits for every
kernel queued before it, the last frame's included: the end read after the loop times the work."""
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
frames = []
start = time.time()
step = 0
while step < 2000:
    for _ in range(10):
        substep()
    pos = x.to_numpy()
    frames.append(pos.mean(axis=0))
    step += 1
end = time.time()
print(f"{step} frames in {end - start:.3f} s")
