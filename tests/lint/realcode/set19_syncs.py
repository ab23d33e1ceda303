"""Set 19 classes. A host clock read after printing a device array is synchronized (`print(c)` copies it to the
host); so is one after boolean-mask indexing of a GPU tensor (the host needs the number of hits). A one-off region
that hands the model's output to a function imported from another module (`postprocess(...)`: NMS and masks
inside) may wait inside: weak. A plain unsynchronized GPU op is still reported."""

import time

import cupy as cp
import torch
from yolox.utils import postprocess

a = cp.random.rand(2048, 2048)
b = cp.random.rand(2048, 2048)
cp.dot(a, b)
t0 = time.time()
c = cp.dot(a, b)
print(c)
print("cupy", time.time() - t0)

model = torch.nn.Linear(256, 5).cuda()
img = torch.randn(4096, 256, device="cuda")
model(img)
t1 = time.time()
out = model(img)
keep = out[out[:, 4] > 0.3]
print("masked", time.time() - t1)

t2 = time.time()
outputs = model(img)
outputs = postprocess(outputs, 80, 0.3, 0.45)
print("infer", time.time() - t2)  # expect-extra: WP102 (weak evidence)

t3 = time.time()
y = model(img)
print("forward", time.time() - t3)  # expect: WP102

x = torch.rand(1 << 24, device="cuda")
w = torch.rand(1 << 24, device="cuda")
x * w
t4 = time.time()
z = x * w
print("mul", time.time() - t4)  # expect: WP102
torch.cuda.synchronize()
t5 = time.time()
z = x * w
torch.cuda.synchronize()
n = len(z) - len(x)
print("n", n, (time.time() - t5) * 1000)
