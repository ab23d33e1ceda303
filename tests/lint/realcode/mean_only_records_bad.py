"""Per-call samples kept as records (WP105): a helper returns one dict per measured call with a rate computed from
its interval, collected by a comprehension that repeats it; event times appended as dicts in the loop that takes
them; a record bound to a name and appended; in each case only a mean over the sample field is reported. And a
sample list stored whole into a dict that is returned and never read by the caller, beside its mean."""
import json
import statistics
import time

import numpy as np
import torch

x = torch.randn(8, 4096, device="cuda")
net = torch.nn.Linear(4096, 4096).cuda()
for _ in range(3):
    net(x)
torch.cuda.synchronize()


def measure(batch):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    net(batch)
    torch.cuda.synchronize()
    elapsed = time.perf_counter() - t0
    rows_per_s = batch.shape[0] / elapsed
    return {"rows_per_s": rows_per_s, "peak_gb": torch.cuda.max_memory_allocated() / 2**30}


runs = [measure(x) for _ in range(10)]
print("rows/s", statistics.mean(r["rows_per_s"] for r in runs))  # expect: WP105
print("peak", max(r["peak_gb"] for r in runs))

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
results = []
for step in range(20):
    start.record()
    net(x)
    end.record()
    end.synchronize()
    results.append({"ms": start.elapsed_time(end), "step": step})
print("event ms", np.mean([r["ms"] for r in results]))  # expect: WP105

log = []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    net(x)
    torch.cuda.synchronize()
    lat = (time.perf_counter() - t0) * 1e3
    rec = {"lat_ms": lat, "ok": True}
    log.append(rec)
print("lat", sum(r["lat_ms"] for r in log) / len(log))  # expect: WP105


def sweep(configs):
    avg, raw = {}, {}
    for name, fn in configs:
        times = []
        for _ in range(5):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            for _ in range(20):
                fn()
            torch.cuda.synchronize()
            times.append(time.perf_counter() - t0)
        raw[name] = times
        avg[name] = sum(times) / (5 * 20)  # expect: WP105
    return avg, raw


means, _unused = sweep([("linear", lambda: net(x))])
print(json.dumps(means))
