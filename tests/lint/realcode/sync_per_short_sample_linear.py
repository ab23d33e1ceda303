"""A batch-1 `torch.nn.Linear` handed to a timing helper that synchronizes after every call, the synchronize
guarded by a device test (WP101, set 33 M3): a 1x2048x4096 matmul is microseconds, so the loop times N
launch-and-synchronize round trips. Silent: the same helper handed a linear layer on a 4096-row batch (not short)."""
import time

import torch


def time_module(module, x, iters=1000, device="cuda"):
    with torch.no_grad():
        for _ in range(10):
            module(x)
        start = time.time()
        for _ in range(iters):
            _ = module(x)
            if device.startswith("cuda"):
                torch.cuda.synchronize()  # expect: WP101
        end = time.time()
    return (end - start) / iters * 1e3


device = "cuda"
x = torch.randn(1, 2048, device=device)
linear = torch.nn.Linear(2048, 4096, bias=False).to(device)
print(f"{time_module(linear, x, device=device):.3f} ms")


def time_big(module, x, iters=100):
    with torch.no_grad():
        for _ in range(10):
            module(x)
        start = time.time()
        for _ in range(iters):
            _ = module(x)
            torch.cuda.synchronize()
        end = time.time()
    return (end - start) / iters * 1e3


xb = torch.randn(4096, 8192, device="cuda")
big = torch.nn.Linear(8192, 8192).cuda()
print(f"{time_big(big, xb):.3f} ms")



# not reported: the same layer called directly (a bare `torch.nn.Linear` stands for "a model" in many fixtures;
# only a layer handed to a timing helper is read as one matmul)
samples = []
for _ in range(100):
    t0 = time.perf_counter()
    linear(x)
    torch.cuda.synchronize()
    samples.append(time.perf_counter() - t0)
print("median", sorted(samples)[50])
