# A small MLP (512 -> 256 -> 10) trained for 300 steps on 4096 synthetic rows, timed from the first step with
# nothing run before and printed as a time per step: the cost model sizes a step at tens of microseconds (three
# times the forward's ~1 GFLOP), so the run is a few tens of milliseconds and the first step's cuBLAS start-up, lazy
# kernel loading and Adam state (~0.1-0.3 s measured on an H200) are most of the mean.
import time

import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(512, 256)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(256, 10)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


x = torch.randn(4096, 512).cuda()
y = torch.randint(0, 10, (4096,)).cuda()
model = MLP().cuda()
loss_fn = nn.CrossEntropyLoss()
opt = torch.optim.Adam(model.parameters())

start = time.perf_counter()
for step in range(300):
    opt.zero_grad()
    out = model(x)  # expect: WP103
    loss = loss_fn(out, y)
    loss.backward()
    opt.step()
torch.cuda.synchronize()
total = time.perf_counter() - start
print(f"{total / 300 * 1e3:.3f} ms per step")
