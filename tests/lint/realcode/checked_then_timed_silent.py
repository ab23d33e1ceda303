"""A correctness check through a function of the file that calls the timed operation with the very arguments the
timed loop passes (`check(q, k, v, n)` runs `F.scaled_dot_product_attention(q, k, v)`) before the events: that call
loaded and ran the kernel, it is the loop's warm-up (set 115, TiledTensor)."""
import torch
import torch.nn.functional as F


def check(q, k, v, d):
    out = F.scaled_dot_product_attention(q, k, v)
    ref = torch.softmax(q @ k.transpose(-1, -2) / d ** 0.5, -1) @ v
    return (out - ref).abs().max().item() < 5e-2


def bench(b, h, n, d):
    q = torch.randn(b, h, n, d, device="cuda", dtype=torch.float16)
    k = torch.randn(b, h, n, d, device="cuda", dtype=torch.float16)
    v = torch.randn(b, h, n, d, device="cuda", dtype=torch.float16)
    if not check(q, k, v, d):
        raise ValueError("attention mismatch")
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    iters = 20
    start.record()
    for _ in range(iters):
        F.scaled_dot_product_attention(q, k, v)
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / iters


if __name__ == "__main__":
    print(f"{bench(8, 16, 1024, 64):.3f} ms")
