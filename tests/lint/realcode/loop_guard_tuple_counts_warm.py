"""A lane detector's FPS test warming up in the same loop it times (set 201, LaneATT's measure_fps.py): the counts
are bound together, `n_warmup, n_test = 20, 200`, and the first `n_warmup` passes run the model under
`if i < n_warmup: ...; continue`. The first timed pass follows twenty warm-up forwards, and each sample ends with a
synchronize: no WP103 (only WP105's mean-only finding, selected in these tests; near miss:
loop_guard_no_warmup_bad.py)."""
import time

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Conv2d(3, 32, 3), nn.ReLU(), nn.Conv2d(32, 32, 3)).to(device).eval()
dummy = torch.randn(1, 3, 360, 640).to(device)
n_warmup, n_test = 20, 200

times = []
with torch.no_grad():
    for i in range(n_warmup + n_test):
        if i < n_warmup:
            _ = model(dummy)
            continue
        start = time.time()
        _ = model(dummy)
        torch.cuda.synchronize()
        times.append(time.time() - start)

avg_time = sum(times) / len(times)  # expect: WP105
print(f"FPS: {1.0 / avg_time:.2f}")
