"""Set 41 class FP1 (lint34): a `timeit` statement string reads its names from the `globals=` mapping handed to the
measurement, so `"fn(*a); sync()"` with `"sync": torch.cuda.synchronize` ends every sample with a synchronize
(silent), whether the mapping is a dict literal or `dict(...)`, on `timeit.Timer` or on `timeit.repeat`. The same
string without the synchronize in the mapping times the launch (WP102)."""
import timeit

import torch


def bench(fn, *a):
    t = timeit.Timer("fn(*a); sync()", globals={"fn": fn, "a": a, "sync": torch.cuda.synchronize})
    t.repeat(number=1, repeat=3)
    return min(t.repeat(number=1, repeat=20))


def bench_dict(fn, *a):
    fn(*a)
    return min(timeit.repeat("fn(*a); wait()", number=10, repeat=5,
                             globals=dict(fn=fn, a=a, wait=torch.cuda.synchronize)))


def bench_unsynced(fn, *a):
    fn(*a)
    return min(timeit.repeat("fn(*a)", globals=dict(fn=fn, a=a), number=10, repeat=5))  # expect: WP102


x = torch.randn(4096, 4096, device="cuda")
print(bench(torch.mm, x, x), bench_dict(torch.mm, x, x), bench_unsynced(torch.mm, x, x))
