"""The same phase split in a module that names the CPU as its device: nothing is queued on a GPU, each phase's
clock reads what ran."""
import time

import torch

device = torch.device("cpu")


def update(losses, value):
    losses.append(value)


def train_step(model, batch, target, optimizer, criterion, losses):
    batch = batch.to(device)
    target = target.to(device)
    optimizer.zero_grad()

    t0 = time.perf_counter()
    out = model(batch)
    forward_s = time.perf_counter() - t0

    t1 = time.perf_counter()
    loss = criterion(out, target)
    loss.backward()
    backward_s = time.perf_counter() - t1

    t2 = time.perf_counter()
    optimizer.step()
    step_s = time.perf_counter() - t2
    update(losses, loss.item())
    return forward_s, backward_s, step_s
