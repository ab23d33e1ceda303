"""Silent near int_device_param_bad.py: the device parameter is a name (`device: str = "cpu"`) and the int parameter
beside it counts rounds, never handed to `torch.device` or `.to()`: nothing here is shown on the GPU."""

from time import time

import torch
from torch import nn


def run(net: nn.Module, batches, device: str = "cpu", rounds: int = 3):
    device = torch.device(device)
    net = net.to(device)
    spent = 0.0
    for _ in range(rounds):
        for xb in batches:
            xb = xb.to(device)
            begin = time()
            out = net(xb)
            spent += time() - begin
    print(f"{spent:.3f} s, {out.shape}")


def scale(x, rounds: int = 2):
    begin = time()
    for _ in range(rounds):
        x = x * 2
    print(time() - begin)
    return x
