"""Near miss for WP116: the periodic plot is drawn after the step time is printed (outside its window), and a
second loop only builds the figure in memory every 100 steps (no `savefig`: nothing rendered or written)."""

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
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % 100 == 0:
            print("loss", loss.item())
            print("step time", time.time() - step_start)
            rewards.append(float(y.mean()))
            plot_rewards(rewards, name)


def train_lines(model, optimizer, batches):
    rewards = []
    for i, (x, y) in enumerate(batches):
        step_start = time.time()
        if i % 100 == 0:
            rewards.append(float(y.mean()))
            plt.plot(rewards)
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % 100 == 0:
            print("loss", loss.item())
            print("step time", time.time() - step_start)
