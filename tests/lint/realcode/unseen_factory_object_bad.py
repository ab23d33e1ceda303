"""Set 82 class: an object made by a factory function of a project module the linter cannot read (`codec =
pick_codec(cfg)`), whose methods the file only calls. Its class lives in that module, so whether a method copies
its results back (or works on host tensors at all) is not shown: WP102 on a region that only calls it is weak.
An object of the same factory that the file computes on (a tensor, `x = make_input(); y = x * 2`) is data, still
GPU work."""

import time

import torch
from .kvpack import make_input, pick_codec

model = torch.nn.Linear(64, 64).cuda()
cfg = {"bits": 4}
keys = torch.randn(16, 64, device="cuda")

codec = pick_codec(cfg)
if hasattr(codec, "compress"):
    packed = codec.compress(keys)

t0 = time.perf_counter()
for _ in range(10):
    out = codec.decompress(packed)
decode_ms = (time.perf_counter() - t0) * 100  # expect-extra: WP102
print(f"decode {decode_ms:.2f} ms")

x = make_input(cfg)
model(x * 2)  # warm-up
t0 = time.perf_counter()
y = model(x * 2)
print(f"forward {(time.perf_counter() - t0) * 1e3:.2f} ms")  # expect: WP102
