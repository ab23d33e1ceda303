"""Sets 19/25 class, the silent side: a first call measured on purpose (named as such), and time to first token
measured after a warm-up request."""
import time

import torch


def first_call_s(model, ids):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    model(ids)
    torch.cuda.synchronize()
    cold_start = time.perf_counter() - t0
    return cold_start


def first_token_after_warmup(model, ids):
    model(ids)  # warm-up request
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    model(ids)
    torch.cuda.synchronize()
    first_token_s = time.perf_counter() - t0
    return first_token_s


if __name__ == "__main__":
    a = torch.nn.Linear(256, 256).cuda()
    print(first_call_s(a, torch.randn(8, 256, device="cuda")))
    b = torch.nn.Conv1d(8, 8, 3).cuda()
    print(first_token_after_warmup(b, torch.randn(1, 8, 64, device="cuda")))
