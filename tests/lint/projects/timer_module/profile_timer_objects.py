"""The project's timer objects (timing/clocks.py) read on the host clock around GPU work with no synchronize: a
timer started when built and by reset(), read by elapsed(); a dict of named timers; a timing decorator."""
import torch

from timing import Elapsed, StepTimer, timeit

net = torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.ReLU()).cuda()
batch = torch.randn(256, 1024, device="cuda")
for _ in range(5):
    net(batch)
torch.cuda.synchronize()

watch = Elapsed()
for _ in range(20):
    watch.reset()
    out = net(batch)
    print(watch.elapsed())  # expect: WP102

timers = {"fwd": StepTimer(), "loss": StepTimer()}
timers["fwd"].tic()
out = net(batch)
timers["fwd"].toc()  # expect: WP102


@timeit  # expect: WP102
def forward():
    return net(batch)


forward()
