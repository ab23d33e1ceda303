"""Timed regions near the drawn-and-moved shape that stay silent (WP104): the inputs drawn before the first reading
(only the move and the operation timed: a transfer-included figure), a branch on a flag of the script rather than
on the device's presence, and a branch that also prints a value."""
import time

import torch


def drawn_before(n):
    torch.mm(torch.rand(8, 8, device="cuda"), torch.rand(8, 8, device="cuda"))
    torch.cuda.synchronize()
    left, right = torch.rand(n, n), torch.rand(n, n)
    t0 = time.perf_counter()
    if torch.cuda.is_available():
        left, right = left.cuda(), right.cuda()
    out = torch.mm(left, right)
    torch.cuda.synchronize()
    print(f"mm with copies: {time.perf_counter() - t0:.4f} s")
    return out


def by_flag(n, use_gpu):
    torch.mm(torch.rand(8, 8, device="cuda"), torch.rand(8, 8, device="cuda"))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    left = torch.rand(n, n)
    right = torch.rand(n, n)
    if use_gpu:
        left = left.cuda()
        right = right.cuda()
        torch.cuda.synchronize()
    out = torch.mm(left, right)
    torch.cuda.synchronize()
    print(f"mm: {time.perf_counter() - t0:.4f} s")
    return out


def prints_a_value(n):
    torch.mm(torch.rand(8, 8, device="cuda"), torch.rand(8, 8, device="cuda"))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    left = torch.rand(n, n)
    right = torch.rand(n, n)
    if torch.cuda.is_available():
        print("checksum before the move", left.sum())
        left = left.cuda()
        right = right.cuda()
    out = torch.mm(left, right)
    torch.cuda.synchronize()
    print(f"mm: {time.perf_counter() - t0:.4f} s")
    return out
