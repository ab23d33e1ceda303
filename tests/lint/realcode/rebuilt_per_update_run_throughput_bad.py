"""Nearby: the same per-update build inside a timed update whose own time is the sample (one interval per update):
the construction and its host-to-device copies are timed with the step."""
import time

import torch


class Policy(torch.nn.Module):
    def __init__(self, n_obs, n_act):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(n_obs, 64), torch.nn.Tanh(), torch.nn.Linear(64, n_act))

    def forward(self, obs):
        return self.body(obs)


def train(updates=100, horizon=128):
    dev = torch.device("cuda")
    policy = Policy(8, 4).to(dev)
    obs = torch.randn(horizon, 8, device=dev)
    times = []
    for upd in range(updates):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.time()
        scratch = Policy(8, 4).to(dev)  # expect: WP104
        scratch.load_state_dict(policy.state_dict())
        loss = scratch(obs).square().mean()
        loss.backward()
        torch.cuda.synchronize()
        times.append(time.time() - t0)
    print("ms per update", sorted(times)[len(times) // 2] * 1e3)


if __name__ == "__main__":
    train()
