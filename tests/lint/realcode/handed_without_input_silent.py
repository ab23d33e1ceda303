"""Sets 33/40 class, the silent side: the quantized model runs once (a checked call) before the samples, a model
summary makes its own input and runs the forward, or a `trange` warm-up loop runs the model first."""
import time

import numpy as np
import torch
import torchinfo
from quantlib import quantize_weights
from tqdm import trange


def main():
    net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.GELU()).cuda()
    x = torch.randn(32, 512, device="cuda")
    quantize_weights(net, bits=4)
    assert net(x).shape == (32, 512)  # one checked run before the samples
    times = []
    for _ in range(20):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        net(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    print("mean ms", np.mean(times) * 1e3)  # expect: WP105


def second():
    enc = torch.nn.TransformerEncoderLayer(256, 4).cuda()
    torchinfo.summary(enc, input_size=(16, 8, 256), device="cuda")
    src = torch.randn(16, 8, 256, device="cuda")
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in trange(100):
        enc(src)
    end.record()
    torch.cuda.synchronize()
    print("per call ms", start.elapsed_time(end) / 100)


def third():
    conv = torch.nn.Conv2d(3, 16, 3).cuda()
    img = torch.randn(8, 3, 128, 128, device="cuda")
    for _ in trange(3):
        conv(img)
    torch.cuda.synchronize()
    t = time.perf_counter()
    conv(img)
    torch.cuda.synchronize()
    print("one conv", time.perf_counter() - t)


if __name__ == "__main__":
    main()
    second()
    third()
