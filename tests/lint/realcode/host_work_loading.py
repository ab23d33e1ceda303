"""Host work timed on purpose: loading a checkpoint, building a model, a multi-process run that joins."""
import time

import torch
import torch.multiprocessing as mp


def load(path, device):
    t0 = time.perf_counter()
    state = torch.load(path, map_location="cpu")
    model = torch.nn.Linear(4096, 4096)
    model.load_state_dict(state)
    model.to(device)
    print(f"loaded in {time.perf_counter() - t0:.1f} s")  # no WP102/WP103: loading is host work
    return model


def worker(rank, world):
    x = torch.randn(1024, 1024, device=f"cuda:{rank}")
    for _ in range(10):
        x = x @ x


if __name__ == "__main__":
    for world in (1, 2):
        tik = time.perf_counter()
        mp.spawn(worker, args=(world,), nprocs=world, join=True)  # the GPU work runs in other processes
        print(world, time.perf_counter() - tik)
