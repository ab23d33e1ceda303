import time

import cupy as cp


def batched(x, n):
    t0 = time.time()
    out = cp.cumsum(x, axis=1)  # expect: WP103
    cp.cuda.Stream.null.synchronize()
    print("batched", time.time() - t0)
    return out


def run(x, n):
    free = cp.cuda.Device().mem_info[0]
    if n * 4 < free * 0.8:
        return batched(x, n)  # the normal path: no warm-up before it
    else:
        return None


if __name__ == "__main__":
    x = cp.ones((1000, 252), dtype=cp.float32)
    run(x, x.size)
