# The model is timed once in NCHW, then converted to channels_last and timed once more: other kernels, cold again.
from time import time

import torch
import torchvision

model = torchvision.models.resnet18().cuda().eval()
x = torch.randn(64, 3, 224, 224, device="cuda")
model(x)
torch.cuda.synchronize()
t0 = time()
y = model(x)
torch.cuda.synchronize()
print("nchw", time() - t0)
model = model.to(memory_format=torch.channels_last)
x = x.contiguous(memory_format=torch.channels_last)
t0 = time()
y = model(x)  # expect: WP103
torch.cuda.synchronize()
print("nhwc", time() - t0)
