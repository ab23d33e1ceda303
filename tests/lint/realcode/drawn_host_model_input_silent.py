"""Near misses of a model fed a host draw, silent: the draw made on the GPU itself (a generator's fresh latent), a
model left on the host (host work, its input on the host too), and a model handed a host draw moved to the device
beside a second input it did not draw."""
import time

import torch

device = torch.device("cuda")


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(64, 64)

    def forward(self, x, y=None):
        return self.lin(x) if y is None else self.lin(x) + y


def main(cond):
    net = Net().to(device)
    cpu_net = Net()
    net(torch.zeros(1, 64, device=device))
    cpu_net(torch.zeros(1, 64))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    z = torch.randn(32, 64, device=device)
    img = net(z)
    torch.cuda.synchronize()
    print("gpu", time.perf_counter() - t0, img.shape)
    t0 = time.perf_counter()
    z = torch.randn(32, 64)
    img = cpu_net(z)
    print("cpu", time.perf_counter() - t0, img.shape)
    t0 = time.perf_counter()
    z = torch.randn(32, 64).to(device)
    img = net(z, cond)
    torch.cuda.synchronize()
    print("cond", time.perf_counter() - t0, img.shape)
