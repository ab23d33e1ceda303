"""A model moved to the GPU and run in the same one-off interval, the program's first CUDA call inside it (WP103):
the figure is not the placement alone, and its forward pass pays the context's creation."""
import time

import torch
import torchvision

model = torchvision.models.resnet18()
model.eval()
x = torch.randn(1, 3, 224, 224)
t0 = time.perf_counter()
model.to("cuda")
y = model(x.cuda())  # expect: WP103
torch.cuda.synchronize()
print("inference time:", time.perf_counter() - t0)
