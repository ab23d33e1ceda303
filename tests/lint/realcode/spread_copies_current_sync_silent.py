# The same copies waited for on every device they went to, and copies to one device named outside the loop: the
# end read waits for all of them.
import time

import torch

blocks = [torch.randn(4096, 256).pin_memory() for _ in range(64)]
for d in range(4):
    torch.ones(1, device=f"cuda:{d}")
torch.cuda.synchronize()
start = time.perf_counter()
for j, b in enumerate(blocks):
    blocks[j] = b.to(f"cuda:{j % 4}", non_blocking=True)
for d in range(4):
    torch.cuda.synchronize(d)
print("to 4 GPUs", time.perf_counter() - start)

rank = 0
start = time.perf_counter()
for j, b in enumerate(blocks):
    blocks[j] = blocks[j - 1].to(f"cuda:{rank}", non_blocking=True)
torch.cuda.synchronize()
print("to one GPU", time.perf_counter() - start)
