"""Functions timed by a decorator of the file that draw their input and run one operation on it, under a grad
context (WP104, default part): the random fill is timed with the operation, in every call."""
import functools
import time

import torch

gelu = functools.partial(torch.nn.functional.gelu, approximate="tanh")


def stopwatch(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        t0 = time.time()
        fn(*args, **kwargs)
        torch.cuda.synchronize()
        return time.time() - t0
    return inner


@stopwatch
def many_small(reps, n):
    with torch.no_grad():
        for _ in range(reps):
            _ = gelu(torch.randn(n, device="cuda", dtype=torch.float16))  # expect: WP104


@stopwatch
def one_large(b, n):
    with torch.inference_mode():
        _ = gelu(torch.randn(b, n, n, device="cuda"))  # expect: WP104


for _ in range(3):  # (the warm-up calls are timed too, cold the first time: WP103's subject, not this file's)
    many_small(10, 64)  # noqa: WP103
    one_large(4, 256)  # noqa: WP103
print(many_small(100, 64), one_large(4, 256))
