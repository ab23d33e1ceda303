"""Near miss of loop_guard_tuple_counts_warm.py: the same loop with `n_warmup, n_test = 0, 200`. The guard
`if i < n_warmup:` never holds, so the first timed forward is the model's first call (cuDNN set-up, lazy kernel
loading) and its sample is averaged with the warm ones, only the mean printed: WP103 (and WP105, selected in these
tests)."""
import time

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Conv2d(3, 32, 3), nn.ReLU(), nn.Conv2d(32, 32, 3)).to(device).eval()
dummy = torch.randn(1, 3, 360, 640).to(device)
n_warmup, n_test = 0, 200

times = []
with torch.no_grad():
    for i in range(n_warmup + n_test):
        if i < n_warmup:
            _ = model(dummy)
            continue
        start = time.time()
        _ = model(dummy)  # expect: WP103
        torch.cuda.synchronize()
        times.append(time.time() - start)

avg_time = sum(times) / len(times)  # expect: WP105
print(f"FPS: {1.0 / avg_time:.2f}")
