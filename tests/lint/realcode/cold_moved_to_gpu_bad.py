"""Set 79 class (coldcalls): a model the script built on the host and ran there (a CPU pass, an ONNX export that
traces it) is moved to the GPU and timed from its first call there. Its CPU runs loaded no GPU kernel and chose no
cuDNN algorithm: the first GPU sample is cold (WP103), also when the one-shot timing is followed by a loop of the
same call (no deliberate cold-vs-warm pair: the author ran the model before and takes it as warm), and also for a
running total of per-sample intervals."""

import time

import torch
import torchvision

model = torchvision.models.resnet18(weights=None).eval()
img = torch.randn(1, 3, 224, 224)

model(img)
start = time.perf_counter()
out = model(img)
print("cpu inference:", time.perf_counter() - start)

model = model.cuda()
img = img.cuda()
torch.cuda.synchronize()
start = time.perf_counter()
out = model(img)  # expect: WP103
torch.cuda.synchronize()
print("gpu inference:", time.perf_counter() - start)

start = time.perf_counter()
for _ in range(100):
    out = model(img)
torch.cuda.synchronize()
print("gpu, 100 runs:", time.perf_counter() - start)

net = torchvision.models.resnet50(weights=None).eval()
torch.onnx.export(net, torch.randn(1, 3, 224, 224), "net.onnx")
net.to("cuda")
total = 0.0
for _ in range(1000):
    x = torch.randn(1, 3, 224, 224).to("cuda")
    t0 = time.perf_counter()
    y = net(x)  # expect: WP103
    torch.cuda.synchronize()
    total += time.perf_counter() - t0
print(f"total for 1000 samples: {total:.3f} s")
