"""A timing function warmed up through a local name bound once to it (set 35): `bench = timed_attention`, then
`bench(iters=3)` as a warm-up and `bench(iters=20)` measured. The alias is the same function: no WP103."""
import time

import torch

import attn_ext


def main(n):
    q = torch.randn(n, 64, 128, device="cuda")
    out = torch.empty_like(q)

    def timed_attention(iters):
        t0 = time.perf_counter()
        for _ in range(iters):
            attn_ext.forward(out, q)
        torch.cuda.synchronize()
        t1 = time.perf_counter()
        return (t1 - t0) / iters

    bench = timed_attention
    bench(iters=3)  # warm-up
    per_call = bench(iters=20)
    print(f"{per_call * 1e6:.1f} us")


if __name__ == "__main__":
    main(4096)
