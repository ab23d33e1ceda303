"""Decoders of the project timed with a host clock: the stopping decoder branches on a device tensor every step
(`if finished.all(): break` in its forward), so each call waits for all but its last step (silent); the fixed
decoder never waits (WP102)."""

import timeit

import torch
from decoders.greedy import FixedDecoder, StoppingDecoder

stopping = StoppingDecoder(32000, 512, eos=2)
stopping.cuda()
fixed = FixedDecoder(32000, 512)
fixed.cuda()
start = torch.ones(8, dtype=torch.long, device="cuda")

for _ in range(3):
    stopping(start, 64)
    fixed(start, 64)
t0 = timeit.default_timer()
for _ in range(10):
    tokens = stopping(start, 64)
t1 = timeit.default_timer() - t0
t0 = timeit.default_timer()
for _ in range(10):
    tokens = fixed(start, 64)
t2 = timeit.default_timer() - t0  # expect: WP102
print(t1, t2)
