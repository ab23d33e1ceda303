"""Zero-filled buffers handed to an extension's function whose result is dropped (`attn_ext.decode(q, kv, out_o)`
as a statement, `attn_ext.step(o)`): the extension writes its results into them, they are outputs, not inputs
(silent), and a finding, when there is one, points at the binding in the timed function, not at a same-named
tensor of another function. Zero inputs whose result the call returns (`y = attn_ext.project(a, w)`), or handed
to a torch op, are still WP111; a zero-copy view (`wp.from_torch(z)`) reads no values."""

import attn_ext
import torch
import warp as wp


def check_decode():
    q = torch.randn(4, 16, 576, device="cuda")
    kv = torch.randn(4, 4096, 576, device="cuda")
    o = torch.zeros(4, 16, 512, device="cuda")
    attn_ext.decode(q, kv, o)
    return o


def time_decode(iters=100):
    q = torch.randn(4, 16, 576, device="cuda")
    kv = torch.randn(4, 4096, 576, device="cuda")
    o = torch.zeros(4, 16, 512, device="cuda")
    idx = torch.zeros(4, 16, dtype=torch.int32, device="cuda")
    attn_ext.prepare(q, kv, o)
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        attn_ext.step(o)
        attn_ext.route(q, idx)
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / iters


def time_project(iters=100):
    a = torch.zeros(4096, 4096, device="cuda")  # expect: WP111
    w = torch.zeros(4096, 4096, device="cuda")  # expect: WP111
    z = torch.zeros(1 << 20, device="cuda")
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        y = attn_ext.project(a, w)
        torch.mm(a, w)
        view = wp.from_torch(z)
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / iters, y, view
