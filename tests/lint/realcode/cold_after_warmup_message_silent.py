"""Near miss of ``cold_after_warmup_message_bad.py``: the warm-up runs the convolution itself (on a small frame)
before the message, so the timed convolution is not its first call."""

import time

import torch
import torch.nn.functional as F

box = torch.full((1, 1, 9, 9), 1 / 81, device="cuda")
_ = F.conv2d(torch.rand(1, 1, 64, 64, device="cuda"), box, padding=4)
torch.cuda.synchronize()
print("GPU warmed up.")

frame = torch.rand(1, 1, 4096, 4096, device="cuda")
torch.cuda.synchronize()
began = time.time()
smooth = F.conv2d(frame, box, padding=4)
torch.cuda.synchronize()
print(f"blur on the GPU: {time.time() - began:.4f} s")
