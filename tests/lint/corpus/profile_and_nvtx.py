"""Profiler and NVTX usage in a model-serving script."""
import time

import torch
from torch.profiler import ProfilerActivity, profile, record_function


def serve(model, batches):
    latencies = []
    for batch in batches:
        torch.cuda.nvtx.range_push("request")
        t0 = time.perf_counter()  # expect: WP113
        with torch.no_grad():
            out = model(batch)
        latencies.append(time.perf_counter() - t0)
        torch.cuda.nvtx.range_pop()
    latencies.sort()
    return latencies[len(latencies) // 2], latencies[int(0.99 * len(latencies))]


def profile_model(model, batch):
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        with record_function("forward"):
            model(batch)
    print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=20))
    rows = sorted(prof.key_averages(), key=lambda r: r.self_cuda_time_total, reverse=True)  # expect: WP110
    for r in rows[:5]:
        print(f"{r.key:40s} {r.cuda_time_total / 1e3:.3f} ms")  # expect: WP110


def main():
    model = torch.nn.TransformerEncoderLayer(d_model=1024, nhead=16).cuda().eval()
    batches = [torch.randn(128, 8, 1024, device="cuda") for _ in range(50)]
    with torch.no_grad():
        for b in batches[:5]:
            model(b)
    print(serve(model, batches))
    profile_model(model, batches[0])


if __name__ == "__main__":
    main()
