"""Near miss of data_host_timer_bad.py: the project's timer (timers.py) synchronizes before its start reading, which
creates the CUDA context outside the timed span, so the timed copy is not the program's first GPU call (crossmod: a
project context manager's entry, the form of set 171)."""
import torch

from timers import SyncedTimer

timer = SyncedTimer()

with timer("data"):
    features = torch.randn(4096, 512).to("cuda")
    labels = torch.randint(10, (4096,)).to("cuda")
print(timer.totals)
