"""A correctness check through a function of the file that calls the timed operation on its own host tensors
(`check()` builds CPU inputs): it loads no GPU kernel, so the event-timed loop's first call is cold (WP103; near miss
of checked_then_timed_silent.py, set 115)."""
import torch
import torch.nn.functional as F


def check():
    q = torch.randn(2, 4, 16, 8)
    out = F.scaled_dot_product_attention(q, q, q)
    ref = torch.softmax(q @ q.transpose(-1, -2) / 8 ** 0.5, -1) @ q
    return bool((out - ref).abs().max() < 1e-4)


def bench(b, h, n, d):
    q = torch.randn(b, h, n, d, device="cuda", dtype=torch.float16)
    k = torch.randn(b, h, n, d, device="cuda", dtype=torch.float16)
    v = torch.randn(b, h, n, d, device="cuda", dtype=torch.float16)
    if not check():
        raise ValueError("attention mismatch")
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    iters = 20
    start.record()
    for _ in range(iters):
        F.scaled_dot_product_attention(q, k, v)  # expect: WP103
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / iters


if __name__ == "__main__":
    print(f"{bench(8, 16, 1024, 64):.3f} ms")
