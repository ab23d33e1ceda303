"""An agent built by a factory of the file (`agent = make_agent(...)`, whose every `return` builds a class imported
from a module of the project the linter cannot read) is code it cannot read: its `select_action(obs)` may copy the
action back to the host (`mu.cpu().numpy()`) before the environment steps on it. The evaluation loop's time rests
on that, so it is weak (shown with `extra`), as a direct `CurlAgent(...)` would be (set 109, curl)."""
import time

import dmc2gym
import torch

from rl_agents_missing import CurlAgent


def make_agent(obs_shape, device):
    if obs_shape:
        return CurlAgent(obs_shape=obs_shape, device=device)
    return CurlAgent(obs_shape=(3, 84, 84), device=device)


def evaluate(env, agent, episodes):
    def run_loop(greedy=True):
        start = time.time()
        for _ in range(episodes):
            obs = env.reset()
            done = False
            while not done:
                action = agent.select_action(obs) if greedy else agent.sample_action(obs)
                obs, reward, done, _ = env.step(action)
        print("eval time", time.time() - start)  # expect-extra: WP102

    run_loop()


def main():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    agent = make_agent(obs_shape=(3, 84, 84), device=device)
    env = dmc2gym.make(domain_name="cheetah", task_name="run")
    evaluate(env, agent, 10)


if __name__ == "__main__":
    main()
