"""Device helpers of a small package: they move their inputs to the GPU themselves."""
import torch


def matmul_on_device(x, w):
    xd = x.cuda()
    wd = w.cuda()
    return (xd @ wd).cpu()


def settle():
    torch.cuda.synchronize()
