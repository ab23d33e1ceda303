"""A float32 matrix product timed once after the script ran the same product only in float64 (its reference): the
SGEMM/TF32 kernels load and are chosen on the timed call (twentieth session, set 115). The second timing, after
`allow_tf32 = False`, times another variant of the product, so the first is not the cold half of a cold-vs-warm
pair."""
from time import perf_counter

import torch

a_full = torch.randn(4096, 4096, dtype=torch.double, device="cuda")
b_full = torch.randn(4096, 4096, dtype=torch.double, device="cuda")
ref = a_full @ b_full
a = a_full.float()
b = b_full.float()

t0 = perf_counter()
ab_tf32 = a @ b  # expect: WP103
torch.cuda.synchronize()
print("tf32", perf_counter() - t0)

torch.backends.cuda.matmul.allow_tf32 = False
t0 = perf_counter()
ab_fp32 = a @ b
torch.cuda.synchronize()
print("fp32", perf_counter() - t0)
