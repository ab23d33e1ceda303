"""Nearby: the same first call of the compiled model, timed and reported as the model's latency: it includes the
compilation."""
import time

import torch


def main():
    net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.GELU()).cuda().eval()
    x = torch.randn(8, 512, device="cuda")
    fast = torch.compile(net, mode="max-autotune", fullgraph=True)
    t0 = time.perf_counter()
    with torch.inference_mode():
        _ = fast(x)  # expect: WP112
    torch.cuda.synchronize()
    latency_s = time.perf_counter() - t0
    print({"latency_s": latency_s})


if __name__ == "__main__":
    main()
