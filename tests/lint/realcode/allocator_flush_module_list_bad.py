"""The caching allocator emptied before each timed call of one element of a list of modules, after a warm-up run
of another element (WP104, default): `blocks[k](x)` is a module call, not a kernel launch by subscript
(`kernel[grid](...)`), and `blocks[0](x)` run before is the same work. The flush hands the warm-up's cached blocks
back to the driver, so every timed forward allocates its activations through `cudaMalloc`."""
import time

import torch


def block_latency(net, width=2048, batch=4):
    x = torch.randn(batch, width, device="cuda")
    net.blocks[0](x)  # warm-up
    torch.cuda.synchronize()
    samples = []
    for k in range(len(net.blocks)):
        x = torch.randn(batch, width, device="cuda")
        torch.cuda.empty_cache()  # expect: WP104
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        y = net.blocks[k](x)
        torch.cuda.synchronize()
        samples.append(time.perf_counter() - t0)
    return samples
