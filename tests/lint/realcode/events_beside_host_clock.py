"""Set 13 (held out) class: events created on every iteration inside a host-clock interval but outside their own
start/end records (a since-start timestamp printed beside each event interval, to line it up with an `nvidia-smi`
clock log; a total wall time around per-sample event pairs): the event numbers are unaffected, and the host
interval is not a measurement the creation distorts. Weak (WP108, `extra` only). Creation between the two records
of the same pair, repeated, stays a default finding."""

import time

import torch

model = torch.nn.Conv2d(64, 64, 3).cuda()
x = torch.rand(32, 64, 224, 224, device="cuda")
model(x)
torch.cuda.synchronize()

t0 = time.time()
for i in range(80000):
    start = torch.cuda.Event(enable_timing=True)  # expect-extra: WP108 (weak evidence)
    end = torch.cuda.Event(enable_timing=True)  # expect-extra: WP108 (weak evidence)
    start.record()
    o = model(x)
    end.record()
    torch.cuda.synchronize()
    dur = start.elapsed_time(end)
    print(time.time() - t0, dur)


def total_and_samples(n=100):
    pairs = []
    model(x)  # warmup
    torch.cuda.synchronize()
    t1 = time.perf_counter()
    for _ in range(n):
        s = torch.cuda.Event(enable_timing=True)  # expect-extra: WP108 (weak evidence)
        e = torch.cuda.Event(enable_timing=True)  # expect-extra: WP108 (weak evidence)
        s.record()
        model(x)
        e.record()
        pairs.append((s, e))
    torch.cuda.synchronize()
    total_s = time.perf_counter() - t1
    times = [s.elapsed_time(e) for s, e in pairs]
    return total_s, min(times), max(times)


def marks_inside_the_pair(n=100):
    first = torch.cuda.Event(enable_timing=True)
    last = torch.cuda.Event(enable_timing=True)
    marks = []
    model(x)  # warmup
    first.record()
    for _ in range(n):
        model(x)
        mark = torch.cuda.Event(enable_timing=True)  # expect: WP108
        mark.record()
        marks.append(mark)
    last.record()
    last.synchronize()
    return first.elapsed_time(last) / n, [first.elapsed_time(m) for m in marks]
