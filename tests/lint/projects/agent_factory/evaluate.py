"""An evaluation loop timed with a host clock: the agent, made by a factory of the file from a class of the
project's other module, copies each action back to the host (`mu.cpu().data.numpy()`) before the environment
steps, so every step waits for its forward pass and the interval holds the work (set 109, curl)."""
import time

import dmc2gym
import torch

from sac_agent import SacAgent


def make_agent(obs_dim, act_dim, device):
    return SacAgent(obs_dim, act_dim, device=device)


def evaluate(env, agent, episodes):
    def run_loop():
        start = time.time()
        for _ in range(episodes):
            obs = env.reset()
            done = False
            while not done:
                action = agent.select_action(obs)
                obs, reward, done, _ = env.step(action)
        print("eval time", time.time() - start)

    run_loop()


def main():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    agent = make_agent(obs_dim=24, act_dim=6, device=device)
    env = dmc2gym.make(domain_name="cheetah", task_name="run")
    evaluate(env, agent, 10)


if __name__ == "__main__":
    main()
