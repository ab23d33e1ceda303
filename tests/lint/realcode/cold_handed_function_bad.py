"""WP103/WP112 class (the first call of work handed to a timing helper, averaged in): a helper times a function it is
handed, per call, and returns the samples its caller averages; the function runs a model the module put on the GPU
(or a method of an instance launches a lazily compiled kernel), and nothing ran it before: the first sample is cold."""

import time

import numpy as np
import torch
from numba import cuda

encoder = torch.nn.TransformerEncoderLayer(512, 8).cuda().eval()


def encode(batch):
    with torch.no_grad():
        return encoder(batch)


def sample_times(fn, arg, repeat=5):
    out = []
    for _ in range(repeat):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn(arg)
        torch.cuda.synchronize()
        out.append(time.perf_counter() - t0)
    return out


@cuda.jit
def blend(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = 0.5 * (a[i] + b[i])


class Blender:
    def __init__(self, n):
        self.a = cuda.to_device(np.ones(n, dtype=np.float32))
        self.b = cuda.to_device(np.zeros(n, dtype=np.float32))
        self.out = cuda.device_array(n, dtype=np.float32)

    def run(self):
        blend[(self.out.size + 255) // 256, 256](self.a, self.b, self.out)
        cuda.synchronize()


if __name__ == "__main__":
    x = torch.randn(128, 16, 512, device="cuda")
    laps = sample_times(encode, x)  # expect: WP103
    print("encoder mean", np.mean(laps))  # expect: WP105
    blender = Blender(1 << 22)
    start = time.perf_counter()
    blender.run()  # expect: WP112
    print("blend", time.perf_counter() - start)
