"""Sizes a benchmark gives through a shape tuple or a list of config dicts (WP101): `torch.randn(*shape)` with
`shape = (64, 4096)`, and `cfg["rows"]`/`cfg["cols"]` over a literal list of dicts; a synchronize after every
host-timed sample of one elementwise op on those tensors measures the round trip, not the op. Silent: the same loops
on 8192 x 8192 tensors (2^26 elements: the op is no longer µs-scale)."""
import statistics
import time

import torch
import torch.nn.functional as F

small_shape = (64, 4096)
big_shape = (8192, 8192)
small_cfgs = [{"rows": 16, "cols": 1024}, {"rows": 64, "cols": 4096}]
big_cfgs = [{"rows": 8192, "cols": 8192}]


a = torch.randn(*small_shape, device="cuda")
for _ in range(10):
    torch.sigmoid(a)
lat = []
for _ in range(100):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    torch.sigmoid(a)
    torch.cuda.synchronize()  # expect: WP101
    lat.append(time.perf_counter() - t0)
print("sigmoid", statistics.median(lat), min(lat))

b = torch.randn(*big_shape, device="cuda")
for _ in range(10):
    torch.sigmoid(b)
lat_big = []
for _ in range(100):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    torch.sigmoid(b)
    torch.cuda.synchronize()
    lat_big.append(time.perf_counter() - t0)
print("sigmoid big", statistics.median(lat_big), min(lat_big))

for cfg in small_cfgs:
    x = torch.randn(cfg["rows"], cfg["cols"], device="cuda")
    for _ in range(10):
        F.softmax(x, dim=-1)
    ts = []
    for _ in range(100):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        F.softmax(x, dim=-1)
        torch.cuda.synchronize()  # expect: WP101
        ts.append(time.perf_counter() - t0)
    print(cfg, statistics.median(ts), min(ts))

for conf in big_cfgs:
    z = torch.randn(conf["rows"], conf["cols"], device="cuda")
    for _ in range(10):
        F.softmax(z, dim=-1)
    zs = []
    for _ in range(100):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        F.softmax(z, dim=-1)
        torch.cuda.synchronize()
        zs.append(time.perf_counter() - t0)
    print(conf, statistics.median(zs), min(zs))
