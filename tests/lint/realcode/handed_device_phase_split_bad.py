"""A training step split into phases, in a module whose device is handed to it (a project's config picks it):
the file never names CUDA. Each phase's end read comes before anything waits: the forward time is the launch of
the forward, the backward time holds the forward's GPU work, the optimizer time is the launch of the update."""
import time

from config import device


def update(losses, value):
    losses.append(value)


def train_step(model, batch, target, optimizer, criterion, losses):
    batch = batch.to(device)
    target = target.to(device)
    optimizer.zero_grad()

    t0 = time.perf_counter()
    out = model(batch)
    forward_s = time.perf_counter() - t0  # expect: WP102

    t1 = time.perf_counter()
    loss = criterion(out, target)
    loss.backward()
    backward_s = time.perf_counter() - t1  # expect: WP102

    t2 = time.perf_counter()
    optimizer.step()
    step_s = time.perf_counter() - t2  # expect: WP102
    update(losses, loss.item())
    return forward_s, backward_s, step_s
