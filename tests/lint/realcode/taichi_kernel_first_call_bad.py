"""WP112 class (sets 72 and 75): a Taichi kernel (`@ti.kernel`, JIT-compiled on its first call) of a program
initialized on a GPU (`ti.init(arch=ti.gpu)`) timed from its first call, the samples averaged. The kernel's loop over
its field is the kernel's own parallel loop (one launch), not a run over a data set."""

import time

import taichi as ti

ti.init(arch=ti.gpu)

grid = ti.field(dtype=ti.f32, shape=(2048, 2048))


@ti.kernel
def relax():
    for i, j in grid:
        grid[i, j] = ti.sqrt(i * i + j * j) * 0.5


def bench(n=20):
    times = []
    for _ in range(n):
        ti.sync()  # expect-extra: WP101
        t0 = time.perf_counter()
        relax()  # expect: WP112
        ti.sync()
        times.append(time.perf_counter() - t0)
    print(f"mean {sum(times) / len(times) * 1e3:.3f} ms, max {max(times) * 1e3:.3f} ms")


if __name__ == "__main__":
    bench()
