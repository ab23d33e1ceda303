"""Set 24 class: a compiled extension's call timed with a host clock and no synchronize. Whether it returns before its
kernel is done is decided in its C++/CUDA entry; when those sources are not in view (`import blur_cuda`, nothing to
read beside it), the call is opaque and the finding weak, unless the file synchronizes right after the same extension
elsewhere (its author treats it as asynchronous: reported). A module whose name does not say extension is GPU work
like any other imported function handed GPU tensors (reported)."""

import time

import torch

import blur_cuda
import fastops
import scan_cuda

img = torch.rand(4096, 4096, device="cuda")
blur_cuda.forward(img)
fastops.sharpen(img)

t0 = time.time()
out = blur_cuda.forward(img)
print("blur", time.time() - t0)  # expect-extra: WP102

t0 = time.time()
out = fastops.sharpen(img)
print("sharpen", time.time() - t0)  # expect: WP102

scan_cuda.inclusive(img)
torch.cuda.synchronize()
t0 = time.time()
out = scan_cuda.inclusive(img)
print("scan", time.time() - t0)  # expect: WP102
for _ in range(3):
    scan_cuda.inclusive(img)
    torch.cuda.synchronize()
