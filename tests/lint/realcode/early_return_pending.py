"""Set 50 class: a function of the file whose base case returns GPU work straight away (`if n <= limit: return
cp.dot(...)`), while another path, taken only for big inputs, copies its blocks back to the host. The copy on the other
path does not make every call wait: timed with a host clock and no synchronize, the base case measures the launch
(reported). Silent: a synchronize before the end read, a base case that copies its result back or waits itself, and an
early return of host work."""

import time

import cupy as cp
import numpy as np


def blocked_product(a, b, limit):
    n = a.shape[0]
    if n <= limit:
        da = cp.asarray(a)
        db = cp.asarray(b)
        return cp.dot(da, db)
    return split_product(a, b, limit)


def split_product(a, b, limit):
    top, bottom = np.array_split(a, 2, axis=0)
    upper = cp.asnumpy(blocked_product(top, b, limit))
    lower = cp.asnumpy(blocked_product(bottom, b, limit))
    return np.vstack((upper, lower))


def product_on_host(a, b, limit):
    n = a.shape[0]
    if n <= limit:
        return cp.asnumpy(cp.dot(cp.asarray(a), cp.asarray(b)))
    return split_product(a, b, limit)


def product_waited(a, b, limit):
    n = a.shape[0]
    if n <= limit:
        out = cp.dot(cp.asarray(a), cp.asarray(b))
        cp.cuda.Device().synchronize()
        return out
    return split_product(a, b, limit)


def product_small_on_cpu(a, b, limit):
    if a.shape[0] <= 16:
        return np.dot(a, b)
    return split_product(a, b, limit)


if __name__ == "__main__":
    a = np.random.rand(2048, 2048).astype(np.float32)
    b = np.random.rand(2048, 2048).astype(np.float32)
    for _ in range(3):
        blocked_product(a, b, 4096)
        product_on_host(a, b, 4096)
        product_waited(a, b, 4096)
        product_small_on_cpu(a, b, 4096)
    cp.cuda.Device().synchronize()

    t0 = time.time()
    c = blocked_product(a, b, 4096)
    t1 = time.time()  # expect: WP102
    print("product", t1 - t0)

    t0 = time.time()
    c = blocked_product(a, b, 4096)
    cp.cuda.Device().synchronize()
    t1 = time.time()
    print("product, waited", t1 - t0)

    t0 = time.time()
    c = product_on_host(a, b, 4096)
    t1 = time.time()
    print("product on host", t1 - t0)

    t0 = time.time()
    c = product_waited(a, b, 4096)
    t1 = time.time()
    print("product waited inside", t1 - t0)

    t0 = time.time()
    c = product_small_on_cpu(a, b, 4096)
    t1 = time.time()
    print("small on cpu", t1 - t0)
