"""Near-miss of d2l_timer_bad.py: the same `d2l.Timer` around a warmed-up GPU matmul with a synchronize before
`stop()`, and around CPU work. Silent."""
import torch
import d2l.torch as d2l

x = torch.randn((4096, 4096), device="cuda")
y = torch.randn((4096, 4096), device="cuda")
for _ in range(3):
    torch.matmul(x, y)
torch.cuda.synchronize()
timer = d2l.Timer()
timer.start()
for _ in range(10):
    torch.matmul(x, y)
torch.cuda.synchronize()
print(f"GPU {timer.stop() / 10:.4f} sec")

a = torch.randn((1024, 1024))
timer.start()
torch.matmul(a, a)
print(f"CPU {timer.stop():.4f} sec")
