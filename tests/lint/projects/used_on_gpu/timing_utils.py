"""A timing helper that never names a device: the scripts of the project hand it models they put on the GPU."""
from time import perf_counter


def time_forward(model, batch, reps=20):
    model(batch)  # one warm-up call
    start = perf_counter()
    for _ in range(reps):
        model(batch)
    stop = perf_counter()  # expect: WP102
    return (stop - start) / reps


def time_host(fn, arg):
    start = perf_counter()
    fn(arg)
    return perf_counter() - start  # (weak: the project hands it host work only)
