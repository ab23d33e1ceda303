"""The device comes from the project's set-up helper (`torch.accelerator.current_accelerator()`, returned in a
tuple): the file never names CUDA, but its model and data are on the GPU, and the forward pass timed before the
barrier that would wait for it measures the launch."""
import time

import torch
import torch.distributed as dist

from cluster.setup import init_distributed


def main():
    rank, world_size, device = init_distributed()
    model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)).to(device)
    x = torch.randn(256, 1024, device=device)
    model(x)
    dist.barrier()
    start = time.time()
    y = model(x)
    end = time.time()  # expect: WP102
    dist.barrier()
    print(f"rank {rank}: forward {(end - start) * 1e3:.2f} ms, {y.shape}")


main()
