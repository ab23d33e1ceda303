"""The master process of an RPC pipeline times its training epoch: the stages run on the workers and hand back CPU
tensors, `dist_autograd.backward` returns once the distributed backward pass is done, and the `DistributedOptimizer`
step waits for every remote optimizer: the master queues no GPU work of its own (silent)."""
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


class Pipeline(nn.Module):
    def __init__(self, split):
        super().__init__()
        self.split = split
        self.stage = rpc.remote("worker1", Stage, args=("cuda:0",))

    def forward(self, xs):
        futures = [self.stage.rpc_async().forward(RRef(x)) for x in xs.chunk(self.split, dim=0)]
        return torch.cat(torch.futures.wait_all(futures))

    def parameter_rrefs(self):
        return self.stage.remote().parameter_rrefs().to_here()


def run_master(loader, epochs):
    model = Pipeline(4)
    opt = DistributedOptimizer(optim.SGD, model.parameter_rrefs(), lr=0.05)
    criterion = nn.CrossEntropyLoss()

    def train():
        for data, target in loader:
            with dist_autograd.context() as context_id:
                output = model(data)
                loss = [criterion(output, target)]
                dist_autograd.backward(context_id, loss)
                opt.step(context_id)

    for epoch in range(epochs):
        t0 = time.perf_counter()
        train()
        t1 = time.perf_counter()
        print(f"epoch {epoch}: {t1 - t0:.2f} s")
