"""Set 39 class (WP103 false): each model ran before its timed call inside a library handed the model, which runs
its forward (thop `profile`, `torchinfo.summary` with an input, fvcore `FlopCountAnalysis` through a helper of the
file, directly or inside a wrapper built around the model)."""
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
    return FlopCountAnalysis(m, x).total()


x = torch.randn(32, 512, device="cuda")
encoder = torch.nn.Linear(512, 512).cuda()
decoder = torch.nn.Linear(512, 512).cuda()
head = torch.nn.Linear(512, 512).cuda()

macs, params = profile(encoder, inputs=(x,))
wrapped = WithStep(decoder, 2)
torchinfo.summary(wrapped, input_data=[x])
flops = count_flops(WithStep(head, 1), x)

torch.cuda.synchronize()
t0 = time.perf_counter()
encoder(x)
torch.cuda.synchronize()
print("encoder", time.perf_counter() - t0)

torch.cuda.synchronize()
t0 = time.perf_counter()
decoder(x)
torch.cuda.synchronize()
print("decoder", time.perf_counter() - t0)

torch.cuda.synchronize()
t0 = time.perf_counter()
head(x)
torch.cuda.synchronize()
print("head", time.perf_counter() - t0, flops, macs)
