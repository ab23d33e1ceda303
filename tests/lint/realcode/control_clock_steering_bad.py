"""The same loop, but the time-limit difference is also printed: it is a reported figure, read with GPU work still
queued (held145)."""
import time

import torch

device = torch.device("cuda")
policy = torch.nn.Linear(32, 6).to(device)
EPISODE_S = 60.0


def run_episode():
    start = time.perf_counter()
    steps = 0
    while True:
        policy(torch.randn(1, 32, device=device))
        steps += 1
        elapsed = time.perf_counter() - start  # expect: WP102
        if elapsed >= EPISODE_S:
            print(f"time limit reached after {elapsed:.1f}s, {steps} steps")
            break


if __name__ == "__main__":
    policy(torch.randn(1, 32, device=device))
    run_episode()
