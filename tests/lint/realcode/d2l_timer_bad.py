"""`d2l.Timer` of the book "Dive into Deep Learning" (set 53, a notebook timing one GPU matmul): it starts when built
and on `start()`, and `stop()` returns `time.time()` minus the start, no synchronize. A library timer read as the
host clock it is: the matmul's launch is timed (WP102), on its first call (WP103)."""
import torch
from d2l import torch as d2l

x = torch.randn((4096, 4096), device="cuda")
y = torch.randn((4096, 4096), device="cuda")
timer = d2l.Timer()
timer.start()
torch.matmul(x, y)  # expect: WP103
print(f"{timer.stop():.4f} sec")  # expect: WP102
