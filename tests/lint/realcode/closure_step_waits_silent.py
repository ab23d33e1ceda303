"""An optimizer's `step(closure)` calls the closure before it returns: L-BFGS reads the closure's loss on the host
(`float(closure())`) on every evaluation, and a closure of the file that ends in `loss.item()` waits in any
optimizer's step, as does a SciPy objective of the file that returns a host number. The clock read after such a step
covers the work (set 109: SGC's `optimizer.step(closure)` of `optim.LBFGS`)."""
import time

import numpy as np
import scipy.optimize
import torch
import torch.nn.functional as F
from torch import optim

feats = torch.randn(4096, 512, device="cuda")
labels = torch.randint(0, 40, (4096,), device="cuda")
model = torch.nn.Linear(512, 40).cuda()


def train_lbfgs(epochs):
    optimizer = optim.LBFGS(model.parameters(), lr=1)

    def closure():
        optimizer.zero_grad()
        loss = F.cross_entropy(model(feats), labels)
        loss.backward()
        return loss

    optimizer.step(closure)  # warm-up
    t = time.perf_counter()
    for _ in range(epochs):
        optimizer.step(closure)
    return time.perf_counter() - t


def train_sgd(epochs):
    sgd = optim.SGD(model.parameters(), lr=0.1)

    def closure():
        sgd.zero_grad()
        loss = F.cross_entropy(model(feats), labels)
        loss.backward()
        return loss.item()

    sgd.step(closure)  # warm-up
    t = time.perf_counter()
    for _ in range(epochs):
        sgd.step(closure)
    return time.perf_counter() - t


def objective(w):
    wt = torch.as_tensor(w, device="cuda", dtype=torch.float32)
    return float((feats @ wt).square().mean().item())


def fit():
    t = time.perf_counter()
    res = scipy.optimize.minimize(objective, np.zeros(512), method="Nelder-Mead", options={"maxiter": 50})
    return res, time.perf_counter() - t


print(train_lbfgs(10), train_sgd(10), fit()[1])
