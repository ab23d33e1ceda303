"""Set 39 class, the bad side: the model is only counted (parameters, `torchinfo.summary` with no input), never
run: its first timed call is cold."""
import time

import torch
import torchinfo
from fvcore.nn import FlopCountAnalysis
from thop import profile


class WithStep(torch.nn.Module):
    def __init__(self, net, step):
        super().__init__()
        self.net = net
        self.step = step

    def forward(self, x):
        return self.net(x) * self.step


def count_flops(m, x):
    return sum(p.numel() for p in m.parameters()) * x.shape[0]


x = torch.randn(32, 512, device="cuda")
encoder = torch.nn.Linear(512, 512).cuda()
decoder = torch.nn.Linear(512, 512).cuda()
head = torch.nn.Linear(512, 512).cuda()

macs = sum(p.numel() for p in encoder.parameters())
wrapped = WithStep(decoder, 2)
torchinfo.summary(wrapped)
flops = count_flops(WithStep(head, 1), x)

torch.cuda.synchronize()
t0 = time.perf_counter()
encoder(x)  # expect: WP103
torch.cuda.synchronize()
print("encoder", time.perf_counter() - t0)

torch.cuda.synchronize()
t0 = time.perf_counter()
decoder(x)  # expect: WP103
torch.cuda.synchronize()
print("decoder", time.perf_counter() - t0)

torch.cuda.synchronize()
t0 = time.perf_counter()
head(x)  # expect: WP103
torch.cuda.synchronize()
print("head", time.perf_counter() - t0, flops, macs)
