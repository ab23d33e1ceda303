"""The compile step is timed on purpose and reported as build time: the interval around `torch.compile` and the
compiled model's first call is stored as `build_s`, apart from the per-request latencies that follow (the whole
script's total, which includes the build, is reported as such)."""
import time

import torch


def main():
    t_all = time.perf_counter()
    net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.GELU()).cuda().eval()
    x = torch.randn(8, 512, device="cuda")
    t_build = time.perf_counter()
    fast = torch.compile(net, mode="max-autotune", fullgraph=True)
    with torch.inference_mode():
        _ = fast(x)
    torch.cuda.synchronize()
    build_s = time.perf_counter() - t_build
    lat = []
    for _ in range(20):
        t0 = time.perf_counter()
        with torch.inference_mode():
            fast(x)
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - t0)
    total_s = time.perf_counter() - t_all
    print({"build_s": build_s, "p50_s": sorted(lat)[10], "total_s": total_s})


if __name__ == "__main__":
    main()
