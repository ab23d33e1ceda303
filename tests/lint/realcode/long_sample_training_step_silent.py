"""A synchronize before and after every timed training step (WP101's weak part, `extra`): each sample is a forward,
a backward and an optimizer update of a model, milliseconds at least, and the synchronizes are what make a host
clock's per-step time right (`rules/_number_purpose.runs_training`; held-out verdicts on whole training steps timed
one by one: false in 5 repositories). Silent, directly and through a step function of the file."""
import statistics
import time

import torch

model = torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.GELU(), torch.nn.Linear(2048, 10)).cuda()
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
xb = torch.randn(128, 2048, device="cuda")
yb = torch.randint(0, 10, (128,), device="cuda")


def train_step(inputs, labels):
    opt.zero_grad(set_to_none=True)
    loss = torch.nn.functional.cross_entropy(model(inputs), labels)
    loss.backward()
    opt.step()


for _ in range(3):
    train_step(xb, yb)

step_s = []
for _ in range(50):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    loss = torch.nn.functional.cross_entropy(model(xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
    torch.cuda.synchronize()
    step_s.append(time.perf_counter() - t0)
print(f"step median {statistics.median(step_s) * 1e3:.2f} ms, max {max(step_s) * 1e3:.2f} ms")

through_helper = []
for _ in range(50):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    train_step(xb, yb)
    torch.cuda.synchronize()
    through_helper.append(time.perf_counter() - t0)
print(f"helper median {statistics.median(through_helper) * 1e3:.2f} ms, min {min(through_helper) * 1e3:.2f} ms")
