"""Sixth session: work queued on a CUDA stream is asynchronous whatever library queues it: an inference engine's
`execute_async_v2(..., stream_handle=stream.handle)` and PyCUDA's `memcpy_htod_async(dst, src, stream)` timed with a
host clock and read before `stream.synchronize()` (reported); the same read after it (silent). `int(d_buf)` of a
device allocation is its address, not a value copied back."""

import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from enginelib import load_engine

engine = load_engine("model.plan")
context = engine.create_execution_context()
h_in = cuda.pagelocked_empty((8, 3, 224, 224), dtype=np.float32)
h_out = cuda.pagelocked_empty((8, 1000), dtype=np.float32)
d_in = cuda.mem_alloc(h_in.nbytes)
d_out = cuda.mem_alloc(h_out.nbytes)
stream = cuda.Stream()
for _ in range(10):
    context.execute_async_v2(bindings=[int(d_in), int(d_out)], stream_handle=stream.handle)
stream.synchronize()

t0 = time.perf_counter()
cuda.memcpy_htod_async(d_in, h_in, stream)
context.execute_async_v2(bindings=[int(d_in), int(d_out)], stream_handle=stream.handle)
t1 = time.perf_counter()  # expect: WP102
stream.synchronize()
print("queued", t1 - t0)

t0 = time.perf_counter()
cuda.memcpy_htod_async(d_in, h_in, stream)
context.execute_async_v2(bindings=[int(d_in), int(d_out)], stream_handle=stream.handle)
cuda.memcpy_dtoh_async(h_out, d_out, stream)
stream.synchronize()
print("complete", time.perf_counter() - t0)
