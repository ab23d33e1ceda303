"""The same helper in a module only a CPU script uses: its clock times host work (no finding)."""
from time import perf_counter


def time_call(fn, arg, reps=20):
    fn(arg)
    start = perf_counter()
    for _ in range(reps):
        fn(arg)
    return (perf_counter() - start) / reps
