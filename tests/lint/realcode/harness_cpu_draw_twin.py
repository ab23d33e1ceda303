"""A host-clock helper handed a function that draws and reduces a CPU tensor (no device anywhere in it), beside a
CUDA-event helper for the GPU twin: the CPU sample holds no device work, so its draw is no device allocation:
silent for the CPU one; the GPU twin's draw is reported."""
import time

import torch


def measure_time_cpu(fn, *args):
    start = time.time()
    result = fn(*args)
    end = time.time()  # expect-extra: WP102
    return result, end - start


def measure_time_gpu(fn, *args):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record()
    result = fn(*args)
    end.record()
    torch.cuda.synchronize()
    return result, start.elapsed_time(end)


def cpu_op(n):
    x = torch.randn(n, n)
    return x.sum()


def gpu_op(n):
    x = torch.randn(n, n, device="cuda")  # expect: WP104
    return x.sum()


_, cpu_s = measure_time_cpu(cpu_op, 2048)
_, gpu_ms = measure_time_gpu(gpu_op, 4096)
print(f"cpu {cpu_s:.4f} s, gpu {gpu_ms:.2f} ms")
