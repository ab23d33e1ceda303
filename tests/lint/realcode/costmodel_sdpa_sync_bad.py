# F.scaled_dot_product_attention at a decode-size shape (batch 1, 8 heads, 128 queries over 256 keys of 64, fp16)
# timed call by call with a synchronize in every iteration: the cost model sizes it at about a microsecond of GPU
# work, so each sample is the launch and the synchronize round trip, not the attention.
import time

import torch
import torch.nn.functional as F

q = torch.randn(1, 8, 128, 64, device="cuda", dtype=torch.float16)
k = torch.randn(1, 8, 256, 64, device="cuda", dtype=torch.float16)
v = torch.randn(1, 8, 256, 64, device="cuda", dtype=torch.float16)
for _ in range(10):
    F.scaled_dot_product_attention(q, k, v)
samples = []
for _ in range(100):
    t0 = time.perf_counter()
    out = F.scaled_dot_product_attention(q, k, v)
    torch.cuda.synchronize()  # expect: WP101
    samples.append(time.perf_counter() - t0)
print(f"sdpa: median {sorted(samples)[50] * 1e6:.1f} us, min {min(samples) * 1e6:.1f} us")
