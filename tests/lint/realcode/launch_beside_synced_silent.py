"""A launch-only reading kept on purpose beside the synchronized reading of the same work: the clock is read as soon
as the matmuls are queued, then again after `torch.cuda.synchronize()` from the same start, and both are printed
(the immediate return against the full time). WP102 keeps the first reading weak (silent by default)."""
import time

import torch


def measure(a, b):
    st = time.perf_counter()
    c = a @ b
    d = c @ b
    returned = time.perf_counter() - st  # expect-extra: WP102
    torch.cuda.synchronize()
    finished = time.perf_counter() - st
    return returned, finished


if __name__ == "__main__":
    a = torch.randn(4096, 4096, device="cuda")
    b = torch.randn(4096, 4096, device="cuda")
    measure(a, b)  # warm-up
    r, f = measure(a, b)
    print(f"returned after {r * 1e3:.2f} ms, finished after {f * 1e3:.2f} ms")
