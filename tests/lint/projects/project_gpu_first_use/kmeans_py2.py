"""A Python 2 project module (tabs and spaces mixed, as Python 2 read them: a tab to the next multiple of 8): a k-means step on the GPU with eagerly compiled Numba kernels. The data goes
to the GPU in so many words, the kernels run, and the labels are read back (a wait at the end). It keeps
its own copy time."""
import time

import numpy as np
from numba import cuda


@cuda.jit("void(float64[:], int32[:], float64[:], int64, int64)")
def assign(points, labels, centers, n, k):
    i = cuda.grid(1)
    if i < n:
        best = 0
        for j in range(k):
            if abs(points[i] - centers[j]) < abs(points[i] - centers[best]):
                best = j
        labels[i] = best


def gpu_kmeans(points, k=8, iters=50):
    host = np.ascontiguousarray(points, dtype=np.float64)
    labels = np.zeros(host.size, dtype=np.int32)
    copy_time = time.time()
    d_points = cuda.to_device(host)
    d_centers = cuda.to_device(host[:k].copy())
    d_labels = cuda.to_device(labels)
    copy_time = time.time() - copy_time
    for _ in range(iters):
	assign[(host.size + 127) // 128, 128](d_points, d_labels, d_centers, host.size, k)
    d_labels.copy_to_host(labels)
    return labels


def cpu_kmeans(points, k=8, iters=50, device="cpu"):
    import torch

    x = torch.as_tensor(points).to(device)
    c = x[:k].clone()
    for _ in range(iters):
        a = torch.cdist(x[:, None], c[:, None]).argmin(1)
    return a.cpu()
