"""The near miss of backward_warmed_by_rebinding_silent.py: the warm-up loop runs the backward of another function's
output (`attend_fused`), so the timed backward of `attend`'s graph is its first one."""

import time

import torch

from attention_impl import attend, attend_fused

q = torch.randn(4, 512, 64, device="cuda", requires_grad=True)
k = torch.randn(4, 512, 64, device="cuda", requires_grad=True)
v = torch.randn(4, 512, 64, device="cuda", requires_grad=True)
grad = torch.randn(4, 512, 64, device="cuda")

for _ in range(5):
    out = attend_fused(q, k, v)
    out.backward(grad)
    q.grad = k.grad = v.grad = None
torch.cuda.synchronize()

samples = []
for _ in range(50):
    out = attend(q, k, v)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out.backward(grad)  # expect: WP103
    torch.cuda.synchronize()
    samples.append(time.perf_counter() - t0)
    q.grad = k.grad = v.grad = None
print(f"backward: {sum(samples) / len(samples) * 1e3:.3f} ms")  # expect: WP105
