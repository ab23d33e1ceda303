"""A function of the file that moves its CPU inputs to the GPU itself (`.cuda()` inside) and returns a CPU result
(set 17, HYN `mm_on_gpu`, here in the same file): its call is GPU work, not host work on CPU tensors. Timed on its
first call: WP103, weak in the same file (a helper of the file is not strong evidence: the warmup model does not
see through wrappers whose inner op ran before); read from another module of the project it is strong
(tests/lint/projects/notebook_beside). Run once before the timed call: silent."""
import time

import torch


def product_on_gpu(a, b):
    return a.cuda().mm(b.cuda()).cpu()


def measure():
    x = torch.rand(512, 4096)
    w = torch.rand(4096, 4096)
    t0 = time.time()
    y = product_on_gpu(x, w)  # expect-extra: WP103
    torch.cuda.synchronize()
    print("GPU time", time.time() - t0, y.shape)


def measure_after_one_call():
    x = torch.rand(512, 4096)
    w = torch.rand(4096, 4096)
    product_on_gpu(x, w)
    t0 = time.time()
    y = product_on_gpu(x, w)
    torch.cuda.synchronize()
    print("GPU time", time.time() - t0, y.shape)


if __name__ == "__main__":
    torch.ones(1).cuda()  # (the context exists: `measure` is not the program's first GPU use, which is strong)
    measure()
    measure_after_one_call()
