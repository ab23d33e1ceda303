"""Near miss of `hook_order_record_silent.py`: the record's `"time"` is read back and printed as the time each
gradient was ready, a clock read in the hook while the backward kernels are only queued: the launch, not the work."""
import time

import torch

model = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10)).cuda()
calls = []


def make_hook(name):
    def hook(grad):
        stamp = time.time()  # expect: WP102
        calls.append({"param": name, "time": stamp})
        return grad
    return hook


for name, p in model.named_parameters():
    hook = make_hook(name)
    p.register_hook(hook)

x = torch.randn(64, 512, device="cuda")
t0 = time.time()
model(x).sum().backward()
torch.cuda.synchronize()
for c in calls:
    print(c["param"], f"ready after {c['time'] - t0:.4f} s")
