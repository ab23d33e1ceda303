"""Near miss of ``cpu_then_gpu_run_opens_context.py``: the same CPU-then-GPU comparison of whole training runs, but
the program used the GPU before the timed GPU run (a tensor made there to check the device): the CUDA context exists
already, so the GPU run's clock holds no context creation (the run's first steps stay part of its workload)."""
import time

import torch
import torch.nn as nn


def train(device, epochs=20, batches=50):
    model = nn.Linear(256, 10).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(epochs):
        for _ in range(batches):
            x = torch.randn(64, 256).to(device)
            y = torch.randint(0, 10, (64,)).to(device)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()


def time_training(device):
    start = time.time()
    train(device)
    return time.time() - start  # expect-extra: WP102


print(torch.ones(1, device="cuda").item())
cpu_time = time_training("cpu")
gpu_time = time_training("cuda")
print(f"GPU is {(cpu_time / gpu_time - 1) * 100:.1f}% faster than CPU")
