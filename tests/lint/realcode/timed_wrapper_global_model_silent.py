"""Near miss of timed_wrapper_global_model_bad.py: the step waits for the device before it returns, and the wrapper
is otherwise handed host work only (reading and splitting text): every interval covers the work it names."""

import time

import torch
from engine_lib import open_engine

engine = None


def step(tokens, state):
    out = engine.forward(tokens, state)
    torch.cuda.synchronize()
    return out


def words(path):
    with open(path) as fh:
        return fh.read().split()


def timed(label, fn):
    t0 = time.time()
    out = fn()
    dt = time.time() - t0  # expect-extra: WP102 (weak: the handed step waits)
    print(label, f"{dt:.3f} s")
    return out


engine = timed("open", lambda: open_engine("weights.bin"))
text = timed("read", lambda: words("prompt.txt"))
prompt = torch.randint(0, 32000, (1, 256)).cuda()
for _ in range(2):
    logits = timed("warm-up", lambda: step(prompt, None))
start = time.time()
logits = timed("prefill", lambda: step(prompt, None))
elapsed = time.time() - start
print(f"{prompt.shape[-1] / elapsed:.1f} tokens/s")
