"""Near misses of a constant input filled in every timed iteration (WP104 stays silent): the upstream gradient made
once before the loop, a gradient shaped by the iteration's own output (`y.backward(torch.ones_like(y))`, `y`
computed in the loop), a mask kept for later rather than handed to the work, and a zeroed output buffer (`zeros`:
often what the work writes or accumulates into, opt-in)."""
import torch

x = torch.randn(4096, 4096, device="cuda", requires_grad=True)
w = torch.randn(4096, 4096, device="cuda")
y0 = x @ w
grad = torch.ones_like(y0)
for _ in range(3):
    y0.backward(grad, retain_graph=True)
torch.cuda.synchronize()

hoisted = []
for _ in range(50):
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    s.record()
    y0.backward(grad, retain_graph=True)
    e.record()
    torch.cuda.synchronize()
    hoisted.append(s.elapsed_time(e))
print("bwd median", sorted(hoisted)[25], "min", min(hoisted))

own = []
kept = []
for _ in range(50):
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    s.record()
    y = torch.tanh(x @ w)
    y.backward(torch.ones_like(y))  # opt-in: WP104
    kept.append(torch.ones_like(x))  # opt-in: WP104
    acc = torch.matmul(x, w, out=torch.zeros_like(w))  # opt-in: WP104
    e.record()
    torch.cuda.synchronize()
    own.append(s.elapsed_time(e))
print("fwd+bwd median", sorted(own)[25], "min", min(own))
