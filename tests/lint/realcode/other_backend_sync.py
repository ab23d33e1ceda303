"""The only synchronize in a timed loop waits for another backend (`if device == "mps": torch.mps.synchronize()`,
set 29): on CUDA nothing waits, so the host clock reads the launch (WP102). Silent: the same loop with the CUDA
branch synchronizing too."""

import time

import torch


def bench(device="cuda", reps=10):
    net = torch.nn.Linear(512, 512).to(device)
    x = torch.randn(256, 512, device=device)
    for _ in range(3):
        net(x)
    torch.cuda.synchronize()
    vals = []
    for _ in range(reps):
        t0 = time.perf_counter()
        net(x)
        if device == "mps":
            torch.mps.synchronize()
        vals.append(time.perf_counter() - t0)  # expect: WP102
    return sorted(vals)[reps // 2]


def bench_both(device="cuda", reps=10):
    net = torch.nn.Linear(512, 512).to(device)
    x = torch.randn(256, 512, device=device)
    for _ in range(3):
        net(x)
    torch.cuda.synchronize()
    vals = []
    for _ in range(reps):
        t0 = time.perf_counter()
        net(x)
        if device == "mps":
            torch.mps.synchronize()
        else:
            torch.cuda.synchronize()
        vals.append(time.perf_counter() - t0)
    return sorted(vals)[reps // 2]


if __name__ == "__main__":
    print(bench(), bench_both())
