"""The near miss of `long_sample_training_step_silent.py`: a synchronize before and after every timed sample of a
forward pass alone (no optimizer step: nothing shows the sample is long) stays WP101's weak finding (`extra`)."""
import statistics
import time

import torch

model = torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.GELU(), torch.nn.Linear(2048, 10)).cuda()
xb = torch.randn(128, 2048, device="cuda")
with torch.no_grad():
    model(xb)

fwd_s = []
with torch.no_grad():
    for _ in range(50):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        out = model(xb)
        torch.cuda.synchronize()
        fwd_s.append(time.perf_counter() - t0)
print(f"forward median {statistics.median(fwd_s) * 1e3:.3f} ms, max {max(fwd_s) * 1e3:.3f} ms")
