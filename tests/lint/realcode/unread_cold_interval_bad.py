"""The same reference timed once on its first call, its interval printed: the printed figure holds the cold call."""
import time

import torch


def reference(q, k, v):
    att = torch.softmax(q @ k.transpose(-2, -1), dim=-1)
    return att @ v


def check(n):
    q = torch.rand(4, n, 64).cuda()
    k = torch.rand(4, n, 64).cuda()
    v = torch.rand(4, n, 64).cuda()
    torch.cuda.synchronize()
    start = time.time()
    ref = reference(q, k, v)  # expect: WP103
    torch.cuda.synchronize()
    end = time.time()
    manual_time = end - start
    print("reference", manual_time)
    return ref


def main():
    check(128)


main()
