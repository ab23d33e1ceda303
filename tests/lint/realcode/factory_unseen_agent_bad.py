"""Near miss of `factory_unseen_agent_silent.py`: the factory of the file builds a torch model on the GPU, code the
linter reads, whose call returns a device tensor: the loop's forward passes are queued and the clock read after
them measures the launch."""
import time

import torch


def make_policy(dim, device):
    return torch.nn.Sequential(torch.nn.Linear(dim, 256), torch.nn.ReLU(), torch.nn.Linear(256, 6)).to(device)


def evaluate(policy, obs, steps):
    policy(obs)  # warm-up
    torch.cuda.synchronize()
    start = time.time()
    for _ in range(steps):
        action = policy(obs)
    return time.time() - start  # expect: WP102


device = torch.device("cuda")
policy = make_policy(64, device)
print(evaluate(policy, torch.randn(32, 64, device=device), 100))
