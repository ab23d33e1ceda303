"""Audit 36 class, the near miss: a copy of the whole output (`out.detach().clone()`), or of a reduction over one
dimension only, inside the timed step and used after it, is an allocation and a copy the region pays for
(WP104)."""
import time

import torch


def steps(model, x, history):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out = model(x)
    saved = out.detach().clone()  # expect: WP104
    out.square().mean().backward()
    torch.cuda.synchronize()
    print("step", time.perf_counter() - t0)
    history.append(saved)

    t0 = time.perf_counter()
    out = model(x)
    rows = out.sum(dim=1)
    kept = rows.clone()  # expect: WP104
    rows.mean().backward()
    torch.cuda.synchronize()
    print("step", time.perf_counter() - t0)
    history.append(kept)
