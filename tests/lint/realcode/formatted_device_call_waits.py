"""Formatting a value the device computes by a call waits (generalised from audit 30's same-statement wait):
`print(f"peak {act.amax():.3f}")`, `"{}".format(loss.mean())`, `print(out.sum())`: the text needs the value on the
host, as formatting a tensor name does. Reported: formatting host metadata of the result (`out.size(0)`,
`out.shape`), which waits for nothing."""
import time

import torch

w = torch.randn(2048, 2048, device="cuda")
x = torch.randn(256, 2048, device="cuda")
for _ in range(3):
    torch.relu(x @ w)
torch.cuda.synchronize()

t0 = time.perf_counter()
act = torch.relu(x @ w)
print(f"peak {act.amax():.3f}")
print("fwd", time.perf_counter() - t0)

t0 = time.perf_counter()
act = torch.relu(x @ w)
print("mean {}".format(act.mean()))
print("fwd", time.perf_counter() - t0)

t0 = time.perf_counter()
act = torch.relu(x @ w)
print(act.sum())
print("fwd", time.perf_counter() - t0)

t0 = time.perf_counter()
act = torch.relu(x @ w)
print(f"rows {act.size(0)} shape {act.shape}")
print("fwd", time.perf_counter() - t0)  # expect: WP102
