"""Near misses of mean_only_records_bad.py: the records' sample field also summarized by its spread, the records
written whole to a file, each sample printed by the helper that makes the record, a record added once (no loop),
and the raw sample dict printed by the caller."""
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
    return {"rows_per_s": batch.shape[0] / elapsed}


runs = [measure(x) for _ in range(10)]
print("rows/s", statistics.mean(r["rows_per_s"] for r in runs), "min", min(r["rows_per_s"] for r in runs))

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
results = []
for step in range(20):
    start.record()
    net(x)
    end.record()
    end.synchronize()
    results.append({"ms": start.elapsed_time(end), "step": step})
print("event ms", np.mean([r["ms"] for r in results]))
with open("steps.json", "w") as f:
    json.dump(results, f)


def measure_verbose(batch):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    net(batch)
    torch.cuda.synchronize()
    dt = time.perf_counter() - t0
    print(f"call took {dt * 1e3:.3f} ms")
    return {"dt": dt}


log = []
for _ in range(20):
    log.append(measure_verbose(x))
print("dt", statistics.mean(r["dt"] for r in log))

once = []
torch.cuda.synchronize()
t0 = time.perf_counter()
net(x)
torch.cuda.synchronize()
once.append({"dt": time.perf_counter() - t0})
print("dt", statistics.mean(r["dt"] for r in once))


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
        avg[name] = sum(times) / (5 * 20)
    return avg, raw


means, samples = sweep([("linear", lambda: net(x))])
print(json.dumps(means), json.dumps(samples))
