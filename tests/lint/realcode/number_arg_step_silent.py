"""Twentieth session (syncrecall, set 98) near miss: the step function returns the frame as a host array
(`.cpu().numpy()`), which waits for its work: the frame time covers the step."""
import time

import torch


def step_eager(model, action, device):
    noise = torch.randn(1, 3, 24, 24, device=device)
    return model(noise, torch.full((1,), action, device=device)).cpu().numpy()


def generate(model, actions, step_func, device):
    times = []
    for i in range(actions.shape[1]):
        action = int(actions[0, i].item())
        t0 = time.perf_counter()
        z = step_func(model, action, device)
        times.append(time.perf_counter() - t0)
    return times


def main(model):
    actions = torch.randint(0, 4, (1, 64), device="cuda")
    step = step_eager
    return generate(model, actions, step, "cuda")
