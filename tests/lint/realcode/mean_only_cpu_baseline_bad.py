"""The near misses of `mean_only_cpu_baseline_silent.py`: the GPU side of a CPU-versus-GPU comparison, and a list
named for the CPU whose samples time GPU work (the host-side time of CUDA matmuls): only their means are reported,
WP105 each. (The CPU side, torch on host tensors, stays silent: a CPU baseline.)"""
import time

import numpy as np
import torch

a = torch.rand(2048, 2048)
b = torch.rand(2048, 2048)
ga, gb = a.cuda(), b.cuda()
torch.matmul(ga, gb)
torch.cuda.synchronize()

host_baseline = []
for _ in range(5):
    t0 = time.perf_counter()
    torch.matmul(a, b)
    host_baseline.append(time.perf_counter() - t0)
gpu_times = []
for _ in range(5):
    t0 = time.perf_counter()
    torch.matmul(ga, gb)
    torch.cuda.synchronize()
    gpu_times.append(time.perf_counter() - t0)
cpu_ms = np.mean(host_baseline) * 1e3
gpu_ms = np.mean(gpu_times) * 1e3  # expect: WP105
print(f"CPU {cpu_ms:.1f} ms, GPU {gpu_ms:.2f} ms")

cpu_times = []
for _ in range(20):
    t0 = time.perf_counter()
    torch.matmul(ga, gb)
    torch.cuda.synchronize()
    cpu_times.append(time.perf_counter() - t0)
print(np.mean(cpu_times))  # expect: WP105
