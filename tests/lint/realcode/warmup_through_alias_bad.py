"""A timing function called through a local alias with no warm-up before the measured call (set 35's near miss):
the alias resolves to the function, whose cold first call is timed."""
import time

import torch

import attn_ext


def main(n):
    q = torch.randn(n, 64, 128, device="cuda")
    out = torch.empty_like(q)

    def timed_attention(iters):
        t0 = time.perf_counter()
        for _ in range(iters):
            attn_ext.forward(out, q)  # expect: WP103
        torch.cuda.synchronize()
        t1 = time.perf_counter()
        return (t1 - t0) / iters

    bench = timed_attention
    per_call = bench(iters=20)
    print(f"{per_call * 1e6:.1f} us")


if __name__ == "__main__":
    main(4096)
