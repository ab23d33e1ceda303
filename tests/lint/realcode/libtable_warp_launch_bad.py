"""NVIDIA Warp: `wp.launch` queues the kernel on the default device (the first CUDA device) and returns; the module
is built on the first launch. Timed with no launch before it and no `wp.synchronize()` before the end read."""
import time

import warp as wp

wp.init()


@wp.kernel
def saxpy(a: float, x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = a * x[i] + y[i]


n = 1 << 24
x = wp.ones(n, dtype=float, device="cuda")
y = wp.zeros(n, dtype=float, device="cuda")
start = time.perf_counter()
for _ in range(100):
    wp.launch(saxpy, dim=n, inputs=[2.0, x, y])  # expect: WP103
end = time.perf_counter()  # expect: WP102
print(f"{(end - start) / 100 * 1e3:.3f} ms")
