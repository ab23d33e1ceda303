"""The near misses of `warm_by_forward_method_silent.py`: only set-up methods ran before (`model.eval()`,
`model.half()`), or the forward of another model: the timed call is the first run."""
import time

import torch

model = torch.nn.Linear(1024, 1024).cuda()
other = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")
model.eval()
model.half()
other.forward(x.float())
x = x.half()
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(100):
    model(x)  # expect: WP103
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 100)
