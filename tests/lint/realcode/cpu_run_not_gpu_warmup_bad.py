"""WP103 recall (ninth session, lint43; set 38 class): a CPU run of the same op is no warm-up of the GPU run. The
device is decided at each call site (a helper handed `"cpu"` and then `"cuda"`, a CPU helper and a GPU helper handed
`torch.device(...)`, tensors moved with `.to(device)`): the first GPU call is timed cold, whatever ran on the host
before it."""
import time

import torch


def time_it(n, device):
    a = torch.randn(n, n, device=device)
    t0 = time.perf_counter()
    torch.matmul(a, a)  # expect: WP103
    if device == "cuda":
        torch.cuda.synchronize()
    return time.perf_counter() - t0


def on_cpu(n, device=None):
    x = torch.rand(n, n, device=device)
    start = time.time()
    torch.mm(x, x)
    return time.time() - start


def on_gpu(n, device=None):
    x = torch.rand(n, n, device=device)
    start = time.time()
    torch.mm(x, x)  # expect: WP103
    torch.cuda.synchronize()
    return time.time() - start


def moved(m, device):
    w = torch.randn(m, m).to(device)
    begin = time.perf_counter()
    y = w @ w  # expect: WP103
    torch.cuda.synchronize(device) if device != "cpu" else None
    return time.perf_counter() - begin, y


cpu_t = time_it(2048, "cpu")
gpu_t = time_it(2048, "cuda")
print("speed-up", cpu_t / gpu_t)

c = on_cpu(1024, torch.device("cpu"))
g = on_gpu(1024, torch.device("cuda:0"))
print(c, g)

host, _ = moved(512, "cpu")
dev, _ = moved(512, "cuda")
print(host / dev)
