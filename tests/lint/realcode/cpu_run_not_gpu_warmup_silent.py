"""The near misses of `cpu_run_not_gpu_warmup_bad.py`: the GPU run is warmed by an earlier GPU call of the same op
(a discarded GPU run of the helper, an untimed product on GPU tensors), or no run is on the GPU at all."""
import time

import torch


def time_it(n, device):
    a = torch.randn(n, n, device=device)
    t0 = time.perf_counter()
    torch.matmul(a, a)
    if device == "cuda":
        torch.cuda.synchronize()
    return time.perf_counter() - t0


def on_gpu(n, device=None):
    x = torch.rand(n, n, device=device)
    start = time.time()
    torch.mm(x, x)
    torch.cuda.synchronize()
    return time.time() - start


def moved(m, device):
    w = torch.randn(m, m).to(device)
    begin = time.perf_counter()
    y = w @ w
    return time.perf_counter() - begin, y


cpu_t = time_it(2048, "cpu")
time_it(2048, "cuda")
gpu_t = time_it(2048, "cuda")
print("speed-up", cpu_t / gpu_t)

z = torch.rand(64, 64, device="cuda")
torch.mm(z, z)
g = on_gpu(1024, torch.device("cuda:0"))
print(g)

host, _ = moved(512, "cpu")
again, _ = moved(256, "cpu")
print(host / again)
