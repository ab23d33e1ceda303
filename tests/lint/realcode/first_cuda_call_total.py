"""A program's total time (a clock started at the top, finer intervals inside it) around the first CUDA call is
not a benchmark of that call: silent. (The finer interval itself comes after the first call.)"""

import time

import torch

t_total = time.time()
c = torch.ones(64, 64).cuda()
t_step = time.time()
c.add_(1.0)
torch.cuda.synchronize()
print("step", time.time() - t_step)
print("total", time.time() - t_total)
