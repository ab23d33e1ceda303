"""The helper's only user: it times a product of CUDA tensors through the stopwatch."""
import torch

from timing import reset_device, stopwatch


def check_matmul_speed():
    reset_device()
    a = torch.randn(1024, 1024, device="cuda")
    stopwatch("matmul", lambda: a @ a)  # expect-alone: WP102
