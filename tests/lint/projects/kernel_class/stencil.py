"""A solver class whose step is a GPU kernel compiled on its first call (a Taichi data-oriented class)."""
import taichi as ti


@ti.data_oriented
class Diffusion:
    def __init__(self, n):
        self.u = ti.field(dtype=ti.f32, shape=(n, n))
        self.v = ti.field(dtype=ti.f32, shape=(n, n))

    @ti.kernel
    def step(self, k: ti.f32):
        for i, j in self.u:
            self.v[i, j] = self.u[i, j] + k * self.u[i, j]

    def describe(self):
        return "diffusion"
