"""A decode helper whose loop appends a 1x1 mask column made from a literal (`torch.tensor([[1]], device=device)`, a
blocking copy from pageable memory) after every step: each iteration waits for the step before, so the total read
after the call misses one step's tail of 512 (weak, not reported by default)."""
import time

import torch


def decode(model, n_tokens, ids, mask, device=torch.device("cuda")):
    out = []
    for _ in range(n_tokens):
        logits = model(ids, mask)
        ids = logits.argmax(-1, keepdim=True)
        mask = torch.cat([mask, torch.tensor([[1]], device=device)], dim=1)
        out.append(ids)
    return out


def bench(model, ids, mask):
    t0 = time.time()
    toks = decode(model, 512, ids, mask)
    total = time.time() - t0  # expect-extra: WP102
    print(f"{len(toks) / total:.1f} tok/s")
