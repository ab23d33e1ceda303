# The same per-call timing of F.scaled_dot_product_attention at a prefill-size shape (batch 32, 16 heads, 8192
# tokens of 128, fp16: about 18 TFLOP per call, tens of milliseconds): the cost model sizes it long, and a synchronize
# per sample is the right way to get per-call latency.
import time

import torch
import torch.nn.functional as F

q = torch.randn(32, 16, 8192, 128, device="cuda", dtype=torch.float16)
k = torch.randn(32, 16, 8192, 128, device="cuda", dtype=torch.float16)
v = torch.randn(32, 16, 8192, 128, device="cuda", dtype=torch.float16)
for _ in range(10):
    F.scaled_dot_product_attention(q, k, v)
samples = []
for _ in range(100):
    t0 = time.perf_counter()
    out = F.scaled_dot_product_attention(q, k, v)
    torch.cuda.synchronize()
    samples.append(time.perf_counter() - t0)
print(f"sdpa: median {sorted(samples)[50] * 1e3:.1f} ms, min {min(samples) * 1e3:.1f} ms")
