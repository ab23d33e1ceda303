"""Set 31 class: a wrapper that reads a host clock around the callable it is handed, handed lambdas that call a
function of the file, which runs a module-level model (bound at run time by a loader the file does not show) on GPU
data; neither the wrapper nor the outer tokens-per-second interval synchronizes, so both measure the launch."""

import time

import torch
from engine_lib import open_engine

engine = None


def step(tokens, state):
    return engine.forward(tokens, state)


def timed(label, fn):
    t0 = time.time()
    out = fn()
    dt = time.time() - t0  # expect: WP102
    print(label, f"{dt:.3f} s")
    return out


engine = timed("open", lambda: open_engine("weights.bin"))
prompt = torch.randint(0, 32000, (1, 256)).cuda()
for _ in range(2):
    logits = timed("warm-up", lambda: step(prompt, None))
start = time.time()
logits = timed("prefill", lambda: step(prompt, None))
elapsed = time.time() - start  # expect: WP102
print(f"{prompt.shape[-1] / elapsed:.1f} tokens/s")
