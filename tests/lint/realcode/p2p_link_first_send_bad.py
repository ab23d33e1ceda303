import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def run(rank):
    dist.init_process_group("nccl", rank=rank, world_size=3)
    x = torch.rand(64, 1024, device=f"cuda:{rank}")
    if rank == 0:
        dist.send(x, 1)  # opens the link to rank 1 only
        torch.cuda.synchronize()
        t0 = time.time()
        dist.isend(x, 2)  # expect: WP103
        torch.cuda.synchronize()
        print("isend to 2", time.time() - t0)


if __name__ == "__main__":
    mp.spawn(run, nprocs=2)
