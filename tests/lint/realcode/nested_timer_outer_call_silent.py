"""A timed function nested in a helper that runs more than once: its first run warms the later ones. The helper
is called once as a warm-up and again for the kept figure; a plain timing helper is called in a comprehension
that repeats it and takes the median; the nested timer two levels deep, its outer helper called in a loop."""
import statistics
import time

import torch

net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.GELU()).cuda().eval()
head = torch.nn.Linear(512, 10).cuda().eval()
proj = torch.nn.Linear(512, 64).cuda().eval()
x = torch.randn(64, 512, device="cuda")


def typical_net_latency(reps):
    def once():
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        net(x)
        torch.cuda.synchronize()
        return time.perf_counter() - t0
    return statistics.median([once() for _ in range(reps)])


typical_net_latency(2)  # warm-up
print("net", typical_net_latency(5))


def head_once():
    torch.cuda.synchronize()
    start = time.perf_counter()
    head(x)
    torch.cuda.synchronize()
    return time.perf_counter() - start


print("head", statistics.median(head_once() for _ in range(7)))


def sweep(batch):
    def report():
        def clocked():
            torch.cuda.synchronize()
            s = time.perf_counter()
            proj(x[:batch])
            torch.cuda.synchronize()
            return time.perf_counter() - s
        print("proj", batch, clocked())
    report()


for b in (8, 8, 16, 32):
    sweep(b)
