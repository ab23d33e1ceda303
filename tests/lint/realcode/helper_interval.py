"""An interval computed by a helper of the file, `elapsed(start, stop)` whose body is `stop - start`, instead of
`stop - start` written inline (set 27): the region is the same, so the missing sync (WP102) and the cold single
call (WP103) are reported at the call's readings. Silent: the same helper around a synchronized, warmed-up
interval, and a helper whose subtraction is not of its parameters."""

import time

import cupy as cp


def elapsed(start, stop):
    return (stop - start) * 1000.0


def offset(start, stop):
    base = 5
    return stop + base - 3


def reduce_once(a):
    start = time.perf_counter()
    m = cp.linalg.norm(a)  # expect: WP103
    stop = time.perf_counter()  # expect: WP102
    print("ms", elapsed(start, stop), m)


def reduce_synced(a):
    cp.linalg.norm(a)
    cp.cuda.Device().synchronize()
    start = time.perf_counter()
    m = cp.linalg.norm(a)
    cp.cuda.Device().synchronize()
    stop = time.perf_counter()
    print("ms", elapsed(start, stop), m)


def reduce_other(a):
    start = time.perf_counter()
    m = cp.linalg.norm(a)
    stop = time.perf_counter()
    print("value", offset(start, stop), m)


if __name__ == "__main__":
    x = cp.random.rand(4096, 4096)
    reduce_once(x)
    reduce_synced(x)
    reduce_other(x)
