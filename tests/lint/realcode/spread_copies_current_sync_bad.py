# Pinned host blocks copied without blocking to every GPU in turn (the ordinal picked per pass of the loop), then
# one `torch.cuda.synchronize()`: it waits for the current device only, the copies to the others are not done.
import time

import torch

blocks = [torch.randn(4096, 256).pin_memory() for _ in range(64)]
for d in range(4):
    torch.ones(1, device=f"cuda:{d}")
torch.cuda.synchronize()
start = time.perf_counter()
for j, b in enumerate(blocks):
    blocks[j] = b.to(f"cuda:{j % 4}", non_blocking=True)
torch.cuda.synchronize()
print("to 4 GPUs", time.perf_counter() - start)  # expect: WP102
