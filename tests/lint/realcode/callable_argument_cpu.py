"""Set 22 class A': a host-clock helper that times a callable parameter, in a file that uses CuPy elsewhere. Whether
the timed call is GPU work comes from what its callers pass: lambdas wrapping a CPU library's method on a host
object are host work (silent); a helper also handed a CuPy function is reported."""

import time

import cupy as cp
import numpy as np
from scflib import gto

mol = gto.M(atom="h2o.xyz")


def cpu_seconds(fn, m):
    t0 = time.perf_counter()
    out = fn(m)
    t1 = time.perf_counter()  # expect-extra: WP102
    return out, t1 - t0


def gpu_seconds(fn, m):
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    out = fn(m)
    stop.record()
    stop.synchronize()
    return out, cp.cuda.get_elapsed_time(start, stop)


def wall(fn, arg):
    t0 = time.perf_counter()
    out = fn(arg)
    return out, time.perf_counter() - t0  # expect: WP102


def kinetic_gpu(m):
    return cp.asarray(np.ones((m.nao, m.nao))) * 2


fn = lambda m: m.intor("int1e_kin")
ref, t_cpu = cpu_seconds(fn, mol)
res, t_gpu = gpu_seconds(kinetic_gpu, mol)
fn = lambda m: m.intor("int1e_nuc", comp=3)
ref, t_cpu = cpu_seconds(fn, mol)
print(t_cpu, t_gpu, np.abs(ref - cp.asnumpy(res)).max())

wall(lambda m: m.intor("int1e_ovlp"), mol)
wall(kinetic_gpu, mol)


def repeat(fn, *args):
    t0 = time.perf_counter()
    for _ in range(10):
        out = fn(*args)
    return out, time.perf_counter() - t0  # expect: WP102


repeat(gto.contract, cp.ones((64, 64)), 8)  # an imported function handed GPU data


def timed_once(fn, arg):
    t0 = time.perf_counter()
    fn(arg)
    return time.perf_counter() - t0  # expect: WP102


def sweep(op):
    for n in (256, 1024):
        timed_once(op, n)


def make_and_sweep():
    sweep(lambda n: cp.random.rand(n, n) @ cp.random.rand(n, n))  # expect: WP104


class Suite:
    def __init__(self):
        self.a = cp.random.rand(2048, 2048)

    def step(self):
        return self.a @ self.a

    def time_it(self, fn, n=10):
        fn()
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        return (time.perf_counter() - t0) / n  # expect: WP102

    def run(self):
        return self.time_it(self.step)  # a method of the file doing GPU work (`self.a @ self.a`)
