"""A backward pass benchmarked after a warm-up loop that runs the same forward and backward, the result rebound to
the same name in every iteration, samples averaged (`out = attend(q, k, v)`; `out.backward(g)`): the timed backward is warm (set 46,
a false WP103 new with the averaged training samples of the ninth session)."""

import time

import torch

from attention_impl import attend

q = torch.randn(4, 512, 64, device="cuda", requires_grad=True)
k = torch.randn(4, 512, 64, device="cuda", requires_grad=True)
v = torch.randn(4, 512, 64, device="cuda", requires_grad=True)
grad = torch.randn(4, 512, 64, device="cuda")

for _ in range(5):
    out = attend(q, k, v)
    out.backward(grad)
    q.grad = k.grad = v.grad = None
torch.cuda.synchronize()

samples = []
for _ in range(50):
    out = attend(q, k, v)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out.backward(grad)
    torch.cuda.synchronize()
    samples.append(time.perf_counter() - t0)
    q.grad = k.grad = v.grad = None
print(f"backward: {sum(samples) / len(samples) * 1e3:.3f} ms")  # expect: WP105
