"""Set 11 (held out) classes: findings whose evidence is weak are reported only with `extra`.

- a CUDA event created once between the two records (not per iteration): one host call (WP108, not reported since
  set 19);
- logits copied to the host every step because the step samples from them there: the copy is part of the work,
  not bookkeeping (WP114); a tensor printed on an error path under `if` (WP114);
- a timed op whose inputs are not shown to be on the GPU (`torch.cat` of token ids from a tokenizer) (WP103).
"""

import os
import time

import torch

model = torch.nn.Linear(64, 64).cuda()
x = torch.randn(8, 64, device="cuda")


def bench(f, iters=100):
    begin = torch.cuda.Event(enable_timing=True)
    begin.record()
    for _ in range(iters):
        f(x)
    end = torch.cuda.Event(enable_timing=True)  # created once between the records: not reported (set 19)
    end.record()
    torch.cuda.synchronize()
    return begin.elapsed_time(end) / iters


def decode(ids, steps=32):
    t0 = time.time()
    for _ in range(steps):
        inputs = torch.cat([i[:, -1:] for i in ids], dim=0)  # expect-extra: WP103 (weak evidence)
        logits = model(inputs).float().cpu()  # expect-extra: WP114 (weak evidence)
        ids = [torch.cat([i, logits[:, :1].long()], dim=1) for i in ids]
    return time.time() - t0


def check_outputs(states):
    t0 = time.time()
    for s in states:
        v = model(s.to("cuda:0"))
        num_nan = torch.isnan(v).sum()
        if num_nan:
            print(num_nan)  # expect-extra: WP114 (weak evidence)
            os._exit(1)
    return time.time() - t0
