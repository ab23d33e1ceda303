"""Set 32 class (WP103, a "warm-up" message next to a warm-up of another op): a course script multiplies two
one-element tensors, prints that the GPU is warm, and later times its first convolution once. The message names a
warm-up, but the walk saw every statement around it: only the product ran, so the convolution's first call (cuDNN
start-up, kernel choice) is the timed sample."""

import time

import torch
import torch.nn.functional as F

_ = torch.ones(1, device="cuda") @ torch.ones(1, device="cuda")
torch.cuda.synchronize()
print("GPU warmed up.")

frame = torch.rand(1, 1, 4096, 4096, device="cuda")
box = torch.full((1, 1, 9, 9), 1 / 81, device="cuda")
torch.cuda.synchronize()
began = time.time()
smooth = F.conv2d(frame, box, padding=4)  # expect: WP103
torch.cuda.synchronize()
print(f"blur on the GPU: {time.time() - began:.4f} s")
