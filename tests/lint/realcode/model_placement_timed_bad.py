"""The program's first CUDA call timed where the interval is not a model's placement alone (WP103): a host tensor
copied to the device timed as a transfer, and a model moved and run in one interval."""
import time

import torch
import torchvision

x = torch.randn(64, 3, 224, 224)
t0 = time.perf_counter()
xd = x.to("cuda")  # expect: WP103
torch.cuda.synchronize()
print("transfer time:", time.perf_counter() - t0)
