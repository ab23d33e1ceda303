"""A timed region that draws its inputs on the host, moves them to the GPU under `if torch.cuda.is_available():`
(with a note printed on each branch) and runs one operation on them (WP104, default part): the random fill and the
host-to-device copies are timed as the operation."""
import time

import torch


def gpu_side(n):
    torch.mm(torch.rand(8, 8, device="cuda"), torch.rand(8, 8, device="cuda"))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    left = torch.rand(n, n)  # expect: WP104
    right = torch.rand(n, n)
    if torch.cuda.is_available():
        print("moving to the GPU")
        left = left.cuda()
        right = right.cuda()
    else:
        print("no GPU, staying on the host")
    out = torch.mm(left, right)
    torch.cuda.synchronize()
    print(f"mm: {time.perf_counter() - t0:.4f} s")
    return out
