"""Sixth session: what a function or method of the file is handed decides where its work runs. A helper whose
parameters every caller fills with tensors on the GPU times `x + y` on them (reported without a synchronize); a
runner built with `torch.device("cuda")` moves its batch there and times its model (reported); a solver object of a
class of the file whose `step()` does arithmetic on GPU tensors (reported). A helper only ever handed CPU tensors
times CPU work (silent); a method that waits for the device itself (`.item()` per token) is a wait, not pending
work (silent); an object of a package the linter cannot read, built in the region and run after the last GPU work
(a fitter handed the results) may read them on the host: weak."""

import time

import torch
from curvefit import Fitter


def add_time(x, y):
    x + y
    torch.cuda.synchronize()
    t = time.time()
    z = x + y
    print("add", time.time() - t)  # expect: WP102
    return z


def cpu_add_time(x, y):
    t = time.time()
    z = x * y
    print("cpu mul", time.time() - t)
    return z


class Runner:
    def __init__(self, model, device):
        self.model = model.to(device)
        self.device = device

    def run(self, batch):
        x = batch.to(self.device)
        self.model(x)
        torch.cuda.synchronize()
        t = time.time()
        y = self.model(x)
        print("run", time.time() - t)  # expect: WP102
        return y


class Solver:
    def __init__(self, n):
        self.state = torch.rand(n, device="cuda")

    def step(self):
        self.state = self.state * 0.5 + 1.0

    def decode(self, steps):
        out = []
        for _ in range(steps):
            self.state = self.state * 0.5
            out.append(int(self.state.argmax().item()))
        return out


u = torch.rand(1 << 20, device="cuda")
add_time(u, u)
w = torch.rand(1 << 20)
cpu_add_time(w, w)
Runner(torch.nn.Linear(4, 4), torch.device("cuda")).run(torch.rand(8, 4))

solver = Solver(1 << 20)
solver.step()
solver.decode(2)
torch.cuda.synchronize()
t0 = time.time()
solver.step()
print("step", time.time() - t0)  # expect: WP102
t0 = time.time()
tokens = solver.decode(64)
print("decode", time.time() - t0)
t0 = time.perf_counter()
for _ in range(1000):
    solver.step()
fit = Fitter(solver.state, order=3)
coeffs = fit.solve()
t1 = time.perf_counter()  # expect-extra: WP102 (weak evidence)
print(f"1000 steps and a fit in {t1 - t0:.3f}s")
