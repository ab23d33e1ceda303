"""A block of the checkout's helper module around GPU work that ends with no synchronize: the exit read gives
the launch. The file never names a clock (the block's reads are in bench_helpers.py)."""
import torch

from bench_helpers import quiet, stage, synced_stage

a = torch.randn(4096, 4096, device="cuda")
a @ a
torch.cuda.synchronize()

with stage("matmul"):  # expect: WP102
    b = a @ a

with synced_stage("matmul, waited"):
    b = a @ a

with quiet():
    b = a @ a
print(b.sum().item())
