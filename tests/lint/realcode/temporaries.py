"""Dataflow through a temporary: the interval is stored in a name, then appended; only the mean is reported."""
import torch

x = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    x @ x
start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
times_ms = []
for _ in range(50):
    start.record()
    x @ x
    end.record()
    end.synchronize()
    elapsed_ms = start.elapsed_time(end)
    times_ms.append(elapsed_ms)
print(sum(times_ms) / len(times_ms))  # expect: WP105

# the same name bound to a new list per measurement: each list is judged on its own uses
lat = []
for _ in range(20):
    start.record()
    x @ x
    end.record()
    end.synchronize()
    lat.append(start.elapsed_time(end))
print("latency", sum(lat) / len(lat))  # expect: WP105
lat = []
for _ in range(20):
    start.record()
    x @ x
    end.record()
    end.synchronize()
    lat.append(start.elapsed_time(end))
print("throughput", 20 / sum(lat), "median", sorted(lat)[10])
