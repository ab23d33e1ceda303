"""The near miss of `first_gpu_call_memory_query_silent.py`: the timed report runs before anything used the GPU,
and its first GPU call (the copy `x.cuda()`, after an allocator query that does not create the context) is timed:
the CUDA context's creation is in the figure."""
import time

import torch


def report(x):
    t = time.time()
    print("peak:", torch.cuda.max_memory_allocated() / 2**20, "MB")
    y = x.cuda()  # expect: WP103
    total = y.sum().item()
    print("copy s:", time.time() - t)
    return total


if __name__ == "__main__":
    host = torch.randn(1024, 1024)
    s = report(host)
    print(s)
