"""Near miss of `phases.py`: the project's other set-up helper hands back the CPU device; the file names no GPU, so
the forward pass is host work, done when the call returns."""
import time

import torch

from cluster.setup import init_host


def main():
    rank, device = init_host()
    model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)).to(device)
    x = torch.randn(256, 1024, device=device)
    model(x)
    start = time.time()
    y = model(x)
    end = time.time()
    print(f"rank {rank}: forward {(end - start) * 1e3:.2f} ms, {y.shape}")


main()
