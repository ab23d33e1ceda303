"""Set 20 class (after_ddp): one training step (forward, backward, optimizer step) timed once is a benchmark of
that step, and the model's first call is cold (WP103); a fallback branch that returns does not warm the code after
it. Silent: a timed training loop over steps (a run's wall time), and one step timed after an untimed first step."""

import time

import torch
import torch.nn as nn


def step_time(use_fallback: bool):
    if use_fallback:
        model = nn.Linear(1024, 1).cuda()
        opt = torch.optim.SGD(model.parameters(), lr=0.01)
        x = torch.randn(256, 1024).cuda()
        torch.cuda.synchronize()
        start = time.time()
        loss = model(x).square().mean()  # expect: WP103
        loss.backward()
        opt.step()
        torch.cuda.synchronize()
        print(f"fallback step {time.time() - start:.4f}")
        return
    net = nn.Linear(1024, 1).cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    x = torch.randn(256, 1024).cuda()
    torch.cuda.synchronize()
    start = time.time()
    loss = net(x).square().mean()  # expect: WP103
    loss.backward()
    opt.step()
    torch.cuda.synchronize()
    print(f"step {time.time() - start:.4f}")


def train_time(steps: int):
    net = nn.Linear(1024, 1).cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    x = torch.randn(256, 1024).cuda()
    torch.cuda.synchronize()
    start = time.time()
    for _ in range(steps):
        opt.zero_grad()
        net(x).square().mean().backward()
        opt.step()
    torch.cuda.synchronize()
    print(f"training {time.time() - start:.2f}")


def second_step_time():
    net = nn.Linear(1024, 1).cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    x = torch.randn(256, 1024).cuda()
    net(x).square().mean().backward()
    opt.step()
    torch.cuda.synchronize()
    start = time.time()
    loss = net(x).square().mean()
    loss.backward()
    opt.step()
    torch.cuda.synchronize()
    print(f"second step {time.time() - start:.4f}")


if __name__ == "__main__":
    step_time(torch.cuda.device_count() < 2)
    train_time(100)
    second_step_time()
