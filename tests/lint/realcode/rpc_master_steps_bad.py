"""Near miss of rpc_master_steps_silent: after the distributed step the master runs a head of its own on its GPU
(`head(output.cuda())`) and reads the clock without a synchronize: that local work is still queued."""
import time

import torch
import torch.distributed.autograd as dist_autograd
import torch.distributed.rpc as rpc
import torch.nn as nn
import torch.optim as optim
from torch.distributed.optim import DistributedOptimizer
from torch.distributed.rpc import RRef


class Stage(nn.Module):
    def __init__(self, device):
        super().__init__()
        self.device = device
        self.net = nn.Linear(1024, 1024).to(device)

    def forward(self, x_rref):
        x = x_rref.to_here().to(self.device)
        return self.net(x).cpu()

    def parameter_rrefs(self):
        return [RRef(p) for p in self.parameters()]


def run_master(loader, epochs):
    stage = rpc.remote("worker1", Stage, args=("cuda:0",))
    opt = DistributedOptimizer(optim.SGD, stage.remote().parameter_rrefs().to_here(), lr=0.05)
    criterion = nn.MSELoss()
    head = nn.Linear(1024, 10).cuda()
    head(torch.randn(8, 1024, device="cuda"))  # warm-up

    for data, target in loader:
        t0 = time.perf_counter()
        with dist_autograd.context() as context_id:
            output = stage.rpc_sync().forward(RRef(data))
            loss = criterion(output, target)
            dist_autograd.backward(context_id, [loss])
            opt.step(context_id)
        scores = head(output.cuda())
        t1 = time.perf_counter()  # expect: WP102
        print(f"step: {t1 - t0:.3f} s, top score {scores.max().item():.3f}")
