"""WP112 and WP102, silent near taichi_kernel_first_call_bad.py: the kernel run once before the timed loop, the
loop waiting with `ti.sync()` (Taichi's synchronize) before each end read; a loop whose samples are named for
timing without a wait (`times_no_sync`) is a launch time measured on purpose (WP102 weak only)."""

import time

import taichi as ti

ti.init(arch=ti.cuda)

grid = ti.field(dtype=ti.f32, shape=(2048, 2048))


@ti.kernel
def relax():
    for i, j in grid:
        grid[i, j] = ti.sqrt(i * i + j * j) * 0.5


def bench(n=20):
    relax()
    ti.sync()
    times_no_sync = []
    for _ in range(n):
        t0 = time.perf_counter()
        relax()
        times_no_sync.append(time.perf_counter() - t0)  # expect-extra: WP102
    times = []
    for _ in range(n):
        ti.sync()  # expect-extra: WP101
        t0 = time.perf_counter()
        relax()
        ti.sync()
        times.append(time.perf_counter() - t0)
    print("launch", times_no_sync, "kernel", times)


if __name__ == "__main__":
    bench()
