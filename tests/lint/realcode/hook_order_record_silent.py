"""A gradient hook that keeps a record of its calls (`{"param": name, "time": time.time()}`) to show their order:
nothing in the file reads the record's `"time"` back, only the parameter names are printed, so no time comes out of
the clock read in the callback (set 105, microddp: the hook order demonstration)."""
import time

import torch

model = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10)).cuda()
calls = []


def make_hook(name):
    def hook(grad):
        stamp = time.time()
        calls.append({"param": name, "time": stamp, "shape": tuple(grad.shape)})
        return grad
    return hook


for name, p in model.named_parameters():
    hook = make_hook(name)
    p.register_hook(hook)

x = torch.randn(64, 512, device="cuda")
model(x).sum().backward()
for i, c in enumerate(calls):
    print(i, c["param"], c["shape"])
