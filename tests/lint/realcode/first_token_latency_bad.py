"""Sets 19/25 class: time to first token (a latency of every request) measured on the model's first call: the name
says "first token", not "first call", so the cold start-up in it is a mistake, not a measurement on purpose."""
import time

import numpy as np
import torch


def prefill_only(model, ids):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    model(ids)  # expect: WP103
    torch.cuda.synchronize()
    first_token_s = time.perf_counter() - t0
    return first_token_s


def first_token_latencies(model, prompts):
    first_token_times = []
    for ids in prompts:
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        model(ids)
        torch.cuda.synchronize()
        first_token_times.append(time.perf_counter() - t0)
    return np.mean(first_token_times)  # expect: WP105


def measure_first_token_latency(model, ids):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    model(ids)  # expect: WP103
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end)


if __name__ == "__main__":
    a = torch.nn.Linear(256, 256).cuda()
    print(prefill_only(a, torch.randn(8, 256, device="cuda")))  # (reported inside `prefill_only`: one per region)
    b = torch.nn.Conv1d(8, 8, 3).cuda()
    print(first_token_latencies(b, [torch.randn(1, 8, 64, device="cuda") for _ in range(5)]))  # expect: WP103
    c = torch.nn.GRU(16, 16).cuda()
    print(measure_first_token_latency(c, torch.randn(4, 1, 16, device="cuda")))  # (reported inside, once)
