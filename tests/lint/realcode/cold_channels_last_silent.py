# The channels_last model runs once untimed before its timing: warm in its new layout.
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
model(x)
torch.cuda.synchronize()
t0 = time()
y = model(x)
torch.cuda.synchronize()
print("nhwc", time() - t0)
