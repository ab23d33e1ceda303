"""A project module that times one forward of the model it is handed (crossmod fixtures): whether that forward is
the model's first depends on its caller."""
import time

import torch


def time_forward(model, batch):
    x = torch.randn(batch, 1024, device="cuda")
    torch.cuda.synchronize()
    start = time.perf_counter()
    with torch.no_grad():
        out = model(x)
    torch.cuda.synchronize()
    return time.perf_counter() - start, out.shape
