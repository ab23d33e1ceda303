"""Code that runs (falseclass): an elif whose test differs from the chain's earlier tests, and a private helper the
program calls; their unsynchronized clock reads are reported."""
import time

import torch


def _matmul_speed(n):
    a = torch.randn(n, n, device="cuda")
    a @ a
    torch.cuda.synchronize()
    t0 = time.time()
    a @ a
    return time.time() - t0  # expect: WP102


def profile_rows(rows, kind):
    for row in rows:
        if kind == "linear":
            print(row.self_device_time_total)
        elif kind == "conv":
            x = torch.randn(64, 64, device="cuda")
            x @ x
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            x @ x
            print(time.perf_counter() - t0)  # expect: WP102


if __name__ == "__main__":
    print(_matmul_speed(1024))
    profile_rows([], "conv")
