"""A reference implementation timed once, its interval stored and never read (the prints are commented out): no
reported number holds the cold first call. Only the profiler's table is printed."""
import time

import torch
from torch.profiler import ProfilerActivity, profile


def reference(q, k, v):
    att = torch.softmax(q @ k.transpose(-2, -1), dim=-1)
    return att @ v


def check(custom, n):
    q = torch.rand(4, n, 64).cuda()
    k = torch.rand(4, n, 64).cuda()
    v = torch.rand(4, n, 64).cuda()
    torch.cuda.synchronize()
    start = time.time()
    ref = reference(q, k, v)
    torch.cuda.synchronize()
    end = time.time()
    manual_time = end - start
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        out = custom(q, k, v)
    assert torch.allclose(ref, out, atol=1e-2)
    # print("reference", manual_time)
    print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=10))


def main():
    check(lambda a, b, c: reference(a, b, c), 128)


main()
