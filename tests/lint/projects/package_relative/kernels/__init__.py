from .ops import matmul_on_device
