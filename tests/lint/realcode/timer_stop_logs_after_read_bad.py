"""Set 60 (lint80): a phase timer whose stop methods read the clock first and only then hand the interval to a
logging helper that calls `.item()`: that wait comes after the end reading and covers nothing of the phase, so the
backward and optimizer phases (their work launched, not done) are WP102 at the stop calls."""
import time

import torch


def record(name, value):
    if isinstance(value, torch.Tensor):
        value = value.item()
    print(name, value)


class PhaseClock:
    def __init__(self):
        self.bwd_t0 = -1.0
        self.opt_t0 = -1.0

    def begin_backward(self):
        self.bwd_t0 = time.time()

    def end_backward(self):
        now = time.time()
        record("backward_s", now - self.bwd_t0)

    def begin_step(self):
        self.opt_t0 = time.time()

    def end_step(self):
        now = time.time()
        record("step_s", now - self.opt_t0)


net = torch.nn.Linear(1024, 1024).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
clock = PhaseClock()
for _ in range(100):
    x = torch.randn(256, 1024, device="cuda")
    loss = net(x).square().mean()
    clock.begin_backward()
    loss.backward()
    clock.end_backward()  # expect: WP102
    clock.begin_step()
    opt.step()
    opt.zero_grad()
    clock.end_step()  # expect: WP102
    print(float(loss))
