"""Warmups the linter must see across one call (set 9): a timing helper whose every caller runs the same op first,
and a CUDA graph replayed after a capture whose work already ran (no WP103). A helper whose caller does not warm
up is still reported."""
import torch

import fused_ops

X = torch.randn(4096, 4096, device="cuda")


def _timed(iters):
    torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fused_ops.quantize(X)
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / iters


def _timed_graph(iters):
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        for _ in range(3):
            fused_ops.quantize(X)
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        fused_ops.quantize(X)
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        g.replay()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / iters


def _timed_once():
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    fused_ops.dequantize(X)  # expect: WP103
    end.record()
    end.synchronize()
    return start.elapsed_time(end)


def main(warmup=20, iters=200):
    for _ in range(warmup):
        fused_ops.quantize(X)
    print(_timed(iters), _timed_graph(iters), _timed_once())
