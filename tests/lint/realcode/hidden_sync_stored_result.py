"""Set 41 FP9 class (WP114, opt-in part): a copy to the host stored by index into a container inside a timed phase
(`packed[j] = q.cpu()` keeping each compressed weight on the host, `offload[name] = w.cpu().numpy()`, `rows[i] =
out.float().cpu()`) is a result the phase keeps, part of the work it measures: silent, also with `extra`. Reported
(when WP114 is selected): the loss copied with `.item()` and appended every step, which only feeds a log."""
import time

import torch

weights = [torch.randn(1024, 1024, device="cuda") for _ in range(8)]
packed = {}
torch.cuda.synchronize()
tick = time.time()
for j in range(len(weights)):
    q = torch.round(weights[j] * 16).to(torch.int8)
    packed[j] = q.cpu()
torch.cuda.synchronize()
print("compress", time.time() - tick)

layers = {f"layer{i}": torch.randn(2048, 2048, device="cuda") for i in range(4)}
offload = {}
t0 = time.perf_counter()
for name, w in layers.items():
    w = w * 0.5
    offload[name] = w.cpu().numpy()
torch.cuda.synchronize()
print("offload", time.perf_counter() - t0)

model = torch.nn.Linear(512, 512).cuda()
x = torch.randn(64, 512, device="cuda")
model(x)
rows = [None] * 16
start = time.perf_counter()
for i in range(16):
    out = model(x)
    rows[i] = out.float().cpu()
torch.cuda.synchronize()
print("collect", time.perf_counter() - start)

opt = torch.optim.SGD(model.parameters(), lr=0.01)
model(x).sum().backward()
opt.step()
opt.zero_grad()
history = []
torch.cuda.synchronize()
begin = time.perf_counter()
for step in range(100):
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    history.append(loss.item())  # a training run's loss history: part of the run it times
torch.cuda.synchronize()
print("train", time.perf_counter() - begin)
