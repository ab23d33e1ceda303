"""Sixth session (set 26 class): a CPU twin of a GPU timing helper chosen by the device (`measure = measure_cpu`
under `if device == "cpu":`) and never called by its own name: its host clock times CPU work (silent). The GPU twin,
chosen in the other branch, forgets the synchronize after its timed calls: reported. Since the twenty-second session
(devflow) the loop's device list is read (`"cuda:0"` first): the fresh `net` of the GPU pass is timed on its first
call, cold: reported at the call."""

import time

import torch


def measure_cpu(model, device, batch):
    x = torch.randn(batch, 3, 224, 224, device=device)
    start = time.time()
    model(x)
    return time.time() - start


def measure_gpu(model, device, batch):
    x = torch.randn(batch, 3, 224, 224, device=device)
    torch.cuda.synchronize()
    start = time.time()
    model(x)
    return time.time() - start  # expect: WP102


for device in ["cuda:0", "cpu"]:
    if device == "cpu":
        torch.set_num_threads(1)
        measure = measure_cpu
    else:
        measure = measure_gpu
    net = torch.nn.Linear(224, 10).to(device)
    print(device, measure(net, device, 16))  # expect: WP103
