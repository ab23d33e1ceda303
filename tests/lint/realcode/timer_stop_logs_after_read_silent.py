"""Set 60 (lint80), the correct neighbour of `timer_stop_logs_after_read_bad.py`: the stop methods synchronize the
device before they read the clock (one directly, one through another method of the class), so each phase's
interval covers its work."""
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

    def _wait(self):
        torch.cuda.synchronize()

    def begin_backward(self):
        self.bwd_t0 = time.time()

    def end_backward(self):
        torch.cuda.synchronize()
        now = time.time()
        record("backward_s", now - self.bwd_t0)

    def begin_step(self):
        self.opt_t0 = time.time()

    def end_step(self):
        self._wait()
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
    clock.end_backward()
    clock.begin_step()
    opt.step()
    opt.zero_grad()
    clock.end_step()
    print(float(loss))
