"""A running mean printed in every iteration of the loop that takes the samples is still the only summary (WP105):
its last line is the result, and no line shows the spread. Three shapes: per-epoch durations averaged inside a
`format` argument of the epoch's log line, per-batch latencies averaged in a progress bar's postfix, and per-step
event times averaged by hand in an f-string of a logger call."""
import logging
import statistics
import time

import numpy as np
import torch
from tqdm import tqdm

log = logging.getLogger(__name__)
net = torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.ReLU(), torch.nn.Linear(2048, 10)).cuda()
opt = torch.optim.Adam(net.parameters())
feats = torch.randn(4096, 2048, device="cuda")
labels = torch.randint(0, 10, (4096,), device="cuda")

dur = []
for epoch in range(30):
    if epoch >= 3:
        t0 = time.time()
    loss = torch.nn.functional.cross_entropy(net(feats), labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    torch.cuda.synchronize()
    if epoch >= 3:
        dur.append(time.time() - t0)
    print("Epoch {:03d} | Loss {:.4f} | Time(s) {:.4f}".format(epoch, loss.item(), np.mean(dur)))  # expect: WP105

lat_ms = []
bar = tqdm(range(200))
with torch.no_grad():
    net(feats)
    for _ in bar:
        t0 = time.perf_counter()
        net(feats)
        torch.cuda.synchronize()
        lat_ms.append((time.perf_counter() - t0) * 1e3)
        bar.set_postfix(avg_ms=statistics.mean(lat_ms))  # expect: WP105

step_ms = []
for step in range(100):
    a = torch.cuda.Event(enable_timing=True)
    b = torch.cuda.Event(enable_timing=True)
    a.record()
    net(feats).sum().backward()
    b.record()
    b.synchronize()
    step_ms.append(a.elapsed_time(b))
    log.info(f"step {step}: mean step time {sum(step_ms) / len(step_ms):.2f} ms")  # expect: WP105
