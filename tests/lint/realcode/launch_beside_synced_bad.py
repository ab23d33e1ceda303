"""Near miss of launch_beside_synced_silent: the first reading is meant as the forward's time, and the backward runs
between it and the synchronize: the forward time is only its launch (reported)."""
import time

import torch


def measure(model, x):
    st = time.perf_counter()
    loss = model(x).sum()
    forward_s = time.perf_counter() - st  # expect: WP102
    loss.backward()
    torch.cuda.synchronize()
    step_s = time.perf_counter() - st
    return forward_s, step_s


if __name__ == "__main__":
    model = torch.nn.Linear(4096, 4096).cuda()
    x = torch.randn(256, 4096, device="cuda")
    measure(model, x)  # warm-up
    f, s = measure(model, x)
    print(f"forward {f * 1e3:.2f} ms, step {s * 1e3:.2f} ms")
