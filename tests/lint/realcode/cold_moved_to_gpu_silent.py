"""Set 79 class (coldcalls), silent side: a model moved to the GPU and run there once before its timer is warm;
a model built on the GPU, warmed, and moved again to the device it is on stays the same warm object; a model run
on the host only is host work."""

import time

import torch
import torchvision

model = torchvision.models.resnet18(weights=None).eval()
img = torch.randn(1, 3, 224, 224)
model(img)

model = model.cuda()
img = img.cuda()
model(img)  # warm-up on the GPU
torch.cuda.synchronize()
start = time.perf_counter()
out = model(img)
torch.cuda.synchronize()
print("gpu inference:", time.perf_counter() - start)

net = torchvision.models.resnet50(weights=None).to("cuda").eval()
x = torch.randn(8, 3, 224, 224, device="cuda")
net(x)
net.to("cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
net(x)
torch.cuda.synchronize()
print("again:", time.perf_counter() - t0)

cpu_net = torchvision.models.resnet18(weights=None).eval()
xc = torch.randn(1, 3, 224, 224)
cpu_net(xc)
t0 = time.perf_counter()
cpu_net(xc)
print("cpu:", time.perf_counter() - t0)
