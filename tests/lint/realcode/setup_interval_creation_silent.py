"""A setup interval: the region does nothing but make the inputs, and its number is printed as their creation time.
The allocations are what it measures, not a distortion of other work (WP104's unused-tensor part stays silent)."""
import time

import torch


def make_inputs(rows, cols):
    torch.cuda.synchronize()
    t_setup = time.perf_counter()
    activations = torch.randn(rows, cols, device="cuda", dtype=torch.bfloat16)
    scale = torch.ones(cols, device="cuda", dtype=torch.bfloat16)
    result = torch.empty_like(activations)
    torch.cuda.synchronize()
    print(f"inputs made in {(time.perf_counter() - t_setup) * 1e3:.2f} ms")
    return activations, scale, result


def rms_norm(x, w):
    return x * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-6).to(x.dtype) * w


x, w, out = make_inputs(4096, 8192)
for _ in range(5):
    out.copy_(rms_norm(x, w))
torch.cuda.synchronize()
begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
samples = []
for _ in range(50):
    begin.record()
    out.copy_(rms_norm(x, w))
    end.record()
    end.synchronize()
    samples.append(begin.elapsed_time(end))
samples.sort()
print(f"rms_norm median {samples[len(samples) // 2]:.3f} ms, p90 {samples[int(len(samples) * 0.9)]:.3f} ms")
