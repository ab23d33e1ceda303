"""A model's placement timed by itself once and printed as its set-up time in a cold-start benchmark (WP103
silent): `eval()` and `.to("cuda")` only, one sample; a second move of the same model does nothing, so no warm-up
applies to what is measured and the context's creation is part of that one-off cost. The requests after it are
warmed up."""
import time

import torch
import torchvision

model = torchvision.models.resnet18()
before = time.perf_counter()
model.eval()
model.to("cuda")
after = time.perf_counter()
print("model eval time:")
print(after - before)

x = torch.randn(1, 3, 224, 224, device="cuda")
for _ in range(3):
    model(x)
torch.cuda.synchronize()
for _ in range(20):
    t0 = time.perf_counter()
    model(x)
    torch.cuda.synchronize()
    print(time.perf_counter() - t0)
