"""cuda-python launch timed with a host clock and no wait: destroying the stream and the event afterwards does not
wait for the kernel (the driver releases them when the work is done), so the figure is still launch-only."""
import time

from cuda.bindings import driver

err, stream = driver.cuStreamCreate(0)
err, ev = driver.cuEventCreate(0)
t0 = time.perf_counter()
driver.cuLaunchKernel(kernel, 128, 1, 1, 256, 1, 1, 0, stream, args, 0)  # noqa: F821  # expect-extra: WP103
driver.cuEventDestroy(ev)
driver.cuStreamDestroy(stream)
t1 = time.perf_counter()  # expect: WP102
print(f"launch {t1 - t0:.6f} s")
