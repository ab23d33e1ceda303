"""The same Warp launches, one before the clock starts and `wp.synchronize_device()` before each read; and a run
on a CPU device named in so many words (each launch done when it returns). Silent."""
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
wp.launch(saxpy, dim=n, inputs=[2.0, x, y], device="cuda")
wp.synchronize_device("cuda")
start = time.perf_counter()
for _ in range(100):
    wp.launch(saxpy, dim=n, inputs=[2.0, x, y], device="cuda")
wp.synchronize_device("cuda")
end = time.perf_counter()
print(f"{(end - start) / 100 * 1e3:.3f} ms")
