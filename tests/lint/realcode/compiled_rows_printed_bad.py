"""WP112 class (set 72): a JIT-compiled kernel (a CuPy `RawKernel`, compiled by NVRTC on its first launch) timed in a
loop of repetitions, each sample printed as a row, no call before the loop: the first printed row is the compile.
The loop waits for the device (here under an option), so its rows are meant as the kernel's time."""

import argparse
import time

import cupy as cp

scale = cp.RawKernel(r"""
extern "C" __global__ void scale(float *a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) a[i] = 2.0f * a[i];
}
""", "scale")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1 << 24)
    ap.add_argument("--sync", action="store_true")
    args = ap.parse_args()
    a = cp.ones(args.n, dtype=cp.float32)
    cp.cuda.Device().synchronize()
    for _ in range(10):
        t0 = time.perf_counter()
        scale(((args.n + 255) // 256,), (256,), (a, args.n))  # expect: WP112
        if args.sync:
            cp.cuda.Device().synchronize()  # expect: WP101
        dt = time.perf_counter() - t0  # expect: WP102 (the sync runs only under --sync, off by default)
        print(f"{dt * 1e6:10.1f} us")


if __name__ == "__main__":
    main()
