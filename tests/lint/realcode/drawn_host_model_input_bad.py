"""WP104's drawn operands with a model as the one operation: a network the file moved to the GPU, fed an input
drawn on the host and copied to the device inside the timed region (`torch.randn(b, c, n).to(device)`): the host
RNG fill and the host-to-device copy are timed as the forward pass."""
import time

import torch

device = torch.device("cuda")


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(16, 16, 3)

    def forward(self, x):
        return self.conv(x)


def main():
    net = Net().to(device)
    net(torch.zeros(1, 16, 64, device=device))
    torch.cuda.synchronize()
    for b in (8, 16, 32):
        t0 = time.perf_counter()
        x = torch.randn(b, 16, 4096).to(device)  # expect: WP104
        out = net.forward(x)
        torch.cuda.synchronize()
        print(b, time.perf_counter() - t0, out.shape)
