"""Zeros that are only moved (set 10): a point-to-point bandwidth test sends an all-zeros buffer, and a send takes
as long for zeros as for any bytes (no WP111). Zeros fed to a matrix product are still reported."""
import time

import torch
import torch.distributed as dist


def p2p_bandwidth(size, iters, peer):
    payload = torch.zeros((size,), dtype=torch.uint8, device="cuda")
    torch.cuda.synchronize()
    for k in range(iters):
        pre = time.perf_counter()
        dist.send(payload, peer, tag=k)
        torch.cuda.synchronize()
        duration = time.perf_counter() - pre
    return size / duration


def matmul_rate(n, iters):
    lhs = torch.zeros(n, n, device="cuda")  # expect: WP111
    rhs = torch.randn(n, n, device="cuda")
    lhs @ rhs
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(iters):
        lhs @ rhs
    torch.cuda.synchronize()
    return 2 * n ** 3 * iters / (time.perf_counter() - t0)
