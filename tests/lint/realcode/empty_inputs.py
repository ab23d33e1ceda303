"""Set 25 class: a timing helper allocates its operands with `torch.empty` (never written: fresh device memory is
mostly zeros, else leftover bytes) and times a GEMM it is handed on them (WP111, like all-zero inputs). Empty
buffers handed to a kernel that fills them (its result dropped, or beside real inputs) are outputs: silent."""

import time

import torch
import torch.nn.functional as F


def bench_gemm(m, k, n, reps, fn):
    weight = torch.empty((n, k), dtype=torch.half, device="cuda")  # expect: WP111
    inp = torch.empty((m, k), dtype=torch.half, device="cuda")  # expect: WP111
    for _ in range(reps):
        _ = fn(inp, weight)
    torch.cuda.synchronize()
    start = time.time()
    for _ in range(reps):
        _ = fn(inp, weight)
    torch.cuda.synchronize()
    return (time.time() - start) / reps


def bench_topk(m, e, k, reps, topk_into):
    logits = torch.randn(m, e, device="cuda")
    vals = torch.empty((m, k), device="cuda")
    ids = torch.empty((m, k), dtype=torch.int32, device="cuda")
    topk_into(logits, vals, ids)
    torch.cuda.synchronize()
    start = time.time()
    for _ in range(reps):
        topk_into(logits, vals, ids)
    torch.cuda.synchronize()
    return (time.time() - start) / reps


print(bench_gemm(1024, 4096, 4096, 100, F.linear))
