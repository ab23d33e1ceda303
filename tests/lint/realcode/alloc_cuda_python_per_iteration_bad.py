"""WP104: a TensorRT engine timed over 1,000 iterations, each allocating its I/O buffers with CUDA Python's
`cudart.cudaMalloc` and freeing them with `cudaFree` (which synchronizes the device): the driver allocations are
timed with the inference the figure reports."""

import time

import numpy as np
import tensorrt as trt
from cuda import cudart

logger = trt.Logger(trt.Logger.WARNING)
with open("model.plan", "rb") as f:
    engine = trt.Runtime(logger).deserialize_cuda_engine(f.read())
context = engine.create_execution_context()
names = [engine.get_tensor_name(i) for i in range(engine.num_io_tensors)]
host = [np.zeros((1, 16), dtype=np.float32) for _ in names]

context.execute_async_v3(0)  # warm-up
start = time.time()
for _ in range(1000):
    device = []
    for h in host:
        device.append(cudart.cudaMalloc(h.nbytes)[1])  # expect: WP104
    cudart.cudaMemcpy(device[0], host[0].ctypes.data, host[0].nbytes, cudart.cudaMemcpyKind.cudaMemcpyHostToDevice)
    for name, d in zip(names, device):
        context.set_tensor_address(name, int(d))
    context.execute_async_v3(0)
    cudart.cudaMemcpy(host[1].ctypes.data, device[1], host[1].nbytes, cudart.cudaMemcpyKind.cudaMemcpyDeviceToHost)
    for d in device:
        cudart.cudaFree(d)
print("inference time:", time.time() - start)
