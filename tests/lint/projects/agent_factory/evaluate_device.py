"""Near miss of `evaluate.py`: the same agent's `act_on_device` returns the actor's output on the GPU (nothing copied
back), and the loop feeds it to the next step's call: the forward passes are only queued when the clock is read."""
import time

import torch

from sac_agent import SacAgent


def make_agent(obs_dim, act_dim, device):
    return SacAgent(obs_dim, act_dim, device=device)


def rollout(agent, obs, steps):
    def run_loop():
        x = obs
        agent.act_on_device(x)  # warm-up
        torch.cuda.synchronize()
        start = time.time()
        for _ in range(steps):
            x = agent.act_on_device(x)
        print("rollout time", time.time() - start)  # expect: WP102

    run_loop()


def main():
    device = torch.device("cuda")
    agent = make_agent(obs_dim=6, act_dim=6, device=device)
    rollout(agent, torch.randn(1, 6, device=device), 100)


if __name__ == "__main__":
    main()
