"""Set 20 class: a decode loop whose imported per-step helper turns the logits into the next token, which the host
then compares with the end token (`nxt = pick(logits)`; `if nxt == eos: break`; `toks.append(nxt)`). Deciding the
branch needs the value on the host (a Python int from `.item()` inside the helper, or `bool()` of a tensor): each
step waits for its work there, so the end read after the loop is synchronized (WP102 silent). Still reported (weak):
the branch is taken BEFORE the step's GPU work (the last step's forward is never waited for), and a one-off region
that hands its results to an imported helper without branching on them."""
import time

import torch
from decoding import pick, postprocess

model = torch.nn.Linear(256, 256).cuda()
x = torch.randn(1, 256, device="cuda")
eos = 2
model(x)


def decode(limit):
    toks = [1]
    pick(model(x))
    t0 = time.perf_counter()
    while len(toks) < limit:
        logits = model(x * toks[-1])
        nxt = pick(logits)
        if nxt == eos:
            break
        toks.append(nxt)
    return toks, time.perf_counter() - t0


def decode_late(limit):
    toks = [1]
    logits = model(x)
    t0 = time.perf_counter()
    while len(toks) < limit:
        nxt = pick(logits)
        if nxt == eos:
            break
        toks.append(nxt)
        logits = model(x * nxt)
    return toks, time.perf_counter() - t0  # expect-extra: WP102


def one_off():
    postprocess(model(x))
    t0 = time.perf_counter()
    y = model(x)
    boxes = postprocess(y)
    return boxes, time.perf_counter() - t0  # expect-extra: WP102
