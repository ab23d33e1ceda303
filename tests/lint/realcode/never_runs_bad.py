"""Code that runs or may (falseclass): an elif whose test differs from the chain's earlier tests, a private helper
the program calls, one whose call is commented out (the user runs it by uncommenting), and a public function the
file never calls (other files, runners and users call public functions); their unsynchronized clock reads are
reported."""
import time

import torch


def _matmul_speed(n):
    a = torch.randn(n, n, device="cuda")
    a @ a
    torch.cuda.synchronize()
    t0 = time.time()
    a @ a
    return time.time() - t0  # expect: WP102


def _old_speed(n):
    a = torch.randn(n, n, device="cuda")
    a @ a
    torch.cuda.synchronize()
    t0 = time.time()
    a @ a
    return time.time() - t0  # expect: WP102


def synthetic_speed(n):
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
    # print(_old_speed(1024))
