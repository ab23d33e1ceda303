"""WP103 class (set 56, in a shape of our own): a TensorRT engine is deserialized, its execution context made, and
its first inference (``execute_v2``) is the timed one. TensorRT runs on NVIDIA GPUs only, so running an
execution context, or a call handed one (a project's ``do_inference(context, ...)``), is GPU work, its first run cold
(context set-up, kernel loading, first allocations)."""

import time

import numpy as np
import tensorrt as trt
from trt_helpers import make_buffers

LOG = trt.Logger(trt.Logger.ERROR)

with open("classifier.plan", "rb") as fh, trt.Runtime(LOG) as rt:
    engine = rt.deserialize_cuda_engine(fh.read())
exec_ctx = engine.create_execution_context()
bufs = make_buffers(engine)
bufs.host_in[:] = np.ones(bufs.host_in.shape, np.float32)

t0 = time.perf_counter()
scores = exec_ctx.execute_v2(bufs.bindings)  # expect: WP103
print("inference ms", (time.perf_counter() - t0) * 1e3)
