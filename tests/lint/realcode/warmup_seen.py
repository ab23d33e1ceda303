"""Warmups the linter must see: an earlier call of the same helper, a model trained before it is validated, an
object exercised before one of its other entry points is timed, a training run's wall clock."""
import time

import torch

a = torch.randn(4096, 4096, device="cuda")


def run_benchmark(iters):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(iters):
        torch.mm(a, a)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / iters


run_benchmark(3)  # the warmup call
print(run_benchmark(100))


def validate(model, loader):
    def run(batches):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for xb in batches:
            model(xb)
        torch.cuda.synchronize()
        return time.perf_counter() - t0

    return run(loader)


class Ext:
    def gelu(self, x):
        return torch.nn.functional.gelu(x)

    def gelu_out(self, out, x):
        out.copy_(torch.nn.functional.gelu(x))


ext = Ext()
out = ext.gelu(a)
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(100):
    ext.gelu_out(out, a)
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 100)

net = torch.nn.Linear(4096, 4096).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
loader = torch.utils.data.DataLoader(torch.randn(64, 4096), batch_size=8)
start = time.perf_counter()
for epoch in range(2):
    for xb in loader:
        loss = net(xb.cuda()).sum()
        loss.backward()
        opt.step()
    print(f"epoch {epoch} done at {time.perf_counter() - start:.0f} s")  # a run's clock, not a benchmark

b = torch.randn(4096, 4096, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
c = torch.cdist(b, b)  # expect: WP103
torch.cuda.synchronize()
print(time.perf_counter() - t0)
