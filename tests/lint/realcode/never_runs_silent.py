"""Code that never runs (falseclass, sets 147 and 150): an elif whose test repeats an earlier test of its chain, a
private function nothing names (renamed so pytest skips it). Nothing in them is a measurement anyone gets."""
import time

import torch


def _ignore_matmul_speed(n):
    a = torch.randn(n, n, device="cuda")
    a @ a
    torch.cuda.synchronize()
    t0 = time.time()
    a @ a
    return time.time() - t0


def real_run(n):
    a = torch.randn(n, n, device="cuda")
    a @ a
    torch.cuda.synchronize()
    t0 = time.time()
    a @ a
    torch.cuda.synchronize()
    return time.time() - t0


def profile_rows(rows, kind):
    for row in rows:
        if kind == "linear":
            print(row.self_device_time_total)
        elif kind == "linear":
            x = torch.randn(64, 64, device="cuda")
            x @ x
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            x @ x
            print(time.perf_counter() - t0)


if __name__ == "__main__":
    print(real_run(1024))
    profile_rows([], "linear")
