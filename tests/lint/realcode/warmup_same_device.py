"""Set 18 classes: a warmup must run on the device it warms. `torch.matmul` on host tensors does not warm up the
GPU matmul timed after the tensors are moved (WP103). And the same op timed later on other inputs (a name bound
again in between: a second, smaller experiment) does not make the first cold timing a deliberate cold-vs-warm
pair: reported by default."""

import time

import torch

a = torch.randn(10000, 1000)
b = torch.randn(1000, 2000)
t0 = time.time()
c = torch.matmul(a, b)
print("cpu", time.time() - t0)
a = a.to("cuda")
b = b.to("cuda")
torch.cuda.synchronize()
t0 = time.time()
c = torch.matmul(a, b)  # expect: WP103
torch.cuda.synchronize()
print("gpu", time.time() - t0)

X = torch.rand((10000, 10000))
Y = X.cuda(0)
torch.cuda.synchronize()
start = time.time()
Z = torch.mm(Y, Y)  # expect: WP103
torch.cuda.synchronize()
print("large", time.time() - start)
X = torch.rand((100, 100))
Y = X.cuda(0)
torch.cuda.synchronize()
start = time.time()
Z = torch.mm(Y, Y)
torch.cuda.synchronize()
print("small", time.time() - start)
