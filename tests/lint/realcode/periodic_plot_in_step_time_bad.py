"""WP116: a training loop restarts its step clock every iteration, but every 100 steps it redraws and saves the
reward curve (a function of the file ending in `plt.savefig`) inside the step, and the step time is printed at
exactly those steps: every printed step time holds the figure rendering and the PNG write."""

import time

import matplotlib.pyplot as plt
import torch


def plot_rewards(rewards, name):
    plt.clf()
    plt.plot(rewards)
    plt.savefig(name + "_rewards.png")


def train(model, optimizer, batches, name):
    rewards = []
    for i, (x, y) in enumerate(batches):
        step_start = time.time()
        if i % 100 == 0:
            rewards.append(float(y.mean()))
            plot_rewards(rewards, name)
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % 100 == 0:
            print("loss", loss.item())
            print("step time", time.time() - step_start)  # expect: WP116
