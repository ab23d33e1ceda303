"""The project's timer objects with the device synchronized: a timer whose stop synchronizes behind its
`cuda_sync` option (on by default), a region synchronized before elapsed(), and NumPy work. Silent."""
import numpy as np
import torch

from timing import Elapsed, SyncableTimer

net = torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.ReLU()).cuda()
batch = torch.randn(256, 1024, device="cuda")
for _ in range(5):
    net(batch)
torch.cuda.synchronize()

timer = SyncableTimer()
timer.start()
out = net(batch)
print(timer.stop())

watch = Elapsed()
out = net(batch)
torch.cuda.synchronize()
print(watch.elapsed())

host = np.random.rand(256, 256)
watch.reset()
prod = host @ host
print(watch.elapsed())
