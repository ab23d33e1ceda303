"""Profiler reads that already work on every torch: a fallback guarded by hasattr/getattr or AttributeError."""
import torch

with torch.profiler.profile() as prof:
    torch.randn(8, device="cuda").sum()
for e in prof.key_averages():
    total = e.device_time_total if hasattr(e, "device_time_total") else e.cuda_time_total
    own = getattr(e, "self_device_time_total", None) or e.self_cuda_time_total
    try:
        mem = e.device_memory_usage
    except AttributeError:
        mem = e.cuda_memory_usage
    print(e.key, total, own, mem, e.cuda_time)  # expect: WP110
