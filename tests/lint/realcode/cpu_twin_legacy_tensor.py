"""A pair of timing helpers: the CPU one builds its input with the legacy CPU constructor (`torch.FloatTensor`), so
the model it is handed runs on the CPU (torch refuses a CPU input to a GPU model) and the host clock is right
(silent). The GPU one builds `torch.cuda.FloatTensor` and forgets the synchronize before its end read: reported."""

import time

import torch


def cpu_latency(net, res, batch):
    x = torch.FloatTensor(batch, 3, res, res).normal_()
    start = time.time()
    with torch.no_grad():
        net(x)
    stop = time.time()
    return (stop - start) / batch


def gpu_latency(net, res, batch):
    x = torch.cuda.FloatTensor(batch, 3, res, res).normal_()
    net = net.cuda()
    torch.cuda.synchronize()
    start = time.perf_counter()
    with torch.no_grad():
        net(x)  # expect: WP103 (moved to the GPU here, its first call timed; set 26)
    stop = time.perf_counter()  # expect: WP102
    return (stop - start) / batch
