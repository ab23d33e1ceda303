"""What the profiler pass of the cross-check costs in a fresh process (the first pass initialises CUPTI).

    PYTHONPATH=src python3 benchmarks/profiler_cost.py [CPU,CUDA | CUDA]     # prints one JSON line

Times two passes of wprof.benchmark.kernels.profile_calls over a 1024-element add with the given activities, and
says whether the CUDA runtime calls (launches, synchronizations) were in the trace.
"""

import json
import sys
import time

t0 = time.perf_counter()
import torch  # noqa: E402

from wprof.benchmark import kernels  # noqa: E402

if len(sys.argv) > 1:
    kernels.ACTIVITIES = tuple(sys.argv[1].split(","))
a = torch.randn(1024, device="cuda")
b = torch.empty_like(a)
fn = lambda: (torch.add(a, 1, out=b), b.sum().item())  # noqa: E731
fn()
torch.cuda.synchronize()
t_ready = time.perf_counter()
first = kernels.profile_calls(fn, 3, torch)
t1 = time.perf_counter()
second = kernels.profile_calls(fn, 3, torch)
t2 = time.perf_counter()
print(json.dumps({"activities": kernels.ACTIVITIES, "import_s": t_ready - t0, "first_s": t1 - t_ready,
                  "second_s": t2 - t1, "ops_per_call": first.ops_per_call, "syncs_per_call": first.syncs_per_call,
                  "launches_per_call": first.launches_per_call, "notes": first.notes, "available": first.available,
                  "reason": first.reason, "second_syncs": second.syncs_per_call}))
