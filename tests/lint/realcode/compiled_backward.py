"""Set 15 class: a compiled function warmed up forward only, then timed with `.backward()`: AOTAutograd compiles
the backward graph on the first backward call, inside the timed loop (WP112). Silent: forward and backward both
warmed up first."""

from timeit import default_timer as timer

import torch
from torch.nn.attention.flex_attention import flex_attention

q = torch.randn(8, 8, 2048, 64, dtype=torch.float16).cuda()
k = torch.randn(8, 8, 2048, 64, dtype=torch.float16).cuda()
v = torch.randn(8, 8, 2048, 64, dtype=torch.float16).cuda()
q.requires_grad = True
attn = torch.compile(flex_attention)


def forward_then_backward():
    attn(q, k, v)
    start = timer()
    for _ in range(100):
        attn(q, k, v)
    torch.cuda.synchronize()
    print("forward", timer() - start)
    start = timer()
    for _ in range(100):
        attn(q, k, v).sum().backward()  # expect: WP112
    torch.cuda.synchronize()
    print("forward + backward", timer() - start)


def both_warmed():
    attn(q, k, v).sum().backward()
    torch.cuda.synchronize()
    start = timer()
    for _ in range(100):
        attn(q, k, v).sum().backward()
    torch.cuda.synchronize()
    print("forward + backward", timer() - start)
