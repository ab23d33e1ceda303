"""A sample list the timing function does not bind itself (WP105): `bench` appends event times to the list its
caller hands it (`bench(fn, [])`) and returns only their mean. Silent: `bench_into` fills the caller's list and
returns nothing, and the caller reports the median and the spread."""
import statistics

import torch

a = torch.randn(4096, 4096, device="cuda")
start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
for _ in range(3):
    a @ a
torch.cuda.synchronize()


def bench(fn, samples, n=20):
    for _ in range(n):
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        samples.append(start.elapsed_time(end))
    return sum(samples) / len(samples)  # expect: WP105


def bench_into(fn, out, n=20):
    for _ in range(n):
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        out.append(start.elapsed_time(end))


print("matmul ms", bench(lambda: a @ a, []))
kept = []
bench_into(lambda: a @ a, kept)
print("matmul ms median", statistics.median(kept), "min", min(kept), "max", max(kept))
