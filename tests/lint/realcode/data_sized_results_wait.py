"""Ops whose result size only the data knows wait for the device (audit 30 class, generalised): `torch.where(mask)`
with one argument, `bincount`, `repeat_interleave` by a tensor of counts, indexing by a mask bound to a name
(`keep = scores > t; boxes[keep]`): the count is read on the host before the call returns, so a clock read after
them covers the work. Reported: the same ops given their sizes (`output_size=`, three-argument `where`)."""
import time

import torch

scores = torch.rand(1 << 20, device="cuda")
labels = torch.randint(0, 80, (1 << 20,), device="cuda")
boxes = torch.rand(1 << 20, 4, device="cuda")
per_row = torch.randint(1, 4, (4096,), device="cuda")
rows = torch.rand(4096, 64, device="cuda")
for _ in range(5):
    torch.where(scores > 0.5)
    labels.bincount()
    rows.repeat_interleave(per_row, dim=0)
    boxes[scores > 0.5]
    torch.where(scores > 0.5, scores, 0.0)
    rows.repeat_interleave(per_row, dim=0, output_size=8192)
torch.cuda.synchronize()

t0 = time.perf_counter()
hits = torch.where(scores * 2 > 0.5)
print("where", time.perf_counter() - t0)

t0 = time.perf_counter()
hist = (labels + 1).bincount()
print("bincount", time.perf_counter() - t0)

t0 = time.perf_counter()
grown = (rows * 2).repeat_interleave(per_row, dim=0)
print("repeat", time.perf_counter() - t0)

t0 = time.perf_counter()
keep = scores * 2 > 0.5
kept = boxes[keep]
print("keep", time.perf_counter() - t0)

t0 = time.perf_counter()
clipped = torch.where(scores * 2 > 0.5, scores, 0.0)
print("where3", time.perf_counter() - t0)  # expect: WP102

t0 = time.perf_counter()
sized = (rows * 2).repeat_interleave(per_row, dim=0, output_size=8192)
print("repeat sized", time.perf_counter() - t0)  # expect: WP102
