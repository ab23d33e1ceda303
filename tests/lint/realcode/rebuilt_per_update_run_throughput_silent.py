"""An RL-style training run that builds a fresh copy of its policy every update (the algorithm's inner
optimisation starts from a clone) and logs steps per second of the whole run so far: `steps / (time.time() -
t_start)`. The figure is the run's throughput, the per-update build part of the run on purpose."""
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
    steps = 0
    t_start = time.time()
    for upd in range(updates):
        obs = torch.randn(horizon, 8, device=dev)
        with torch.no_grad():
            acts = policy(obs).argmax(-1)
        steps += horizon
        scratch = Policy(8, 4).to(dev)
        scratch.load_state_dict(policy.state_dict())
        opt = torch.optim.SGD(scratch.parameters(), lr=0.01)
        loss = torch.nn.functional.cross_entropy(scratch(obs), acts)
        loss.backward()
        opt.step()
        policy.load_state_dict(scratch.state_dict())
        print("update", upd, "loss", loss.item(), "SPS", int(steps / (time.time() - t_start)))


if __name__ == "__main__":
    train()
