"""Near the WP103 class of TensorRT contexts (set 56): the engine's load timed and labelled as such, then the
same helper run a few times untimed before the timed inferences: silent."""

import time

import numpy as np
import tensorrt as trt
from trt_helpers import make_buffers

LOG = trt.Logger(trt.Logger.ERROR)

t_load = time.perf_counter()
with open("classifier.plan", "rb") as fh, trt.Runtime(LOG) as rt:
    engine = rt.deserialize_cuda_engine(fh.read())
print("engine load time", time.perf_counter() - t_load)
exec_ctx = engine.create_execution_context()
bufs = make_buffers(engine)
bufs.host_in[:] = np.ones(bufs.host_in.shape, np.float32)

for _ in range(5):
    exec_ctx.execute_v2(bufs.bindings)
t0 = time.perf_counter()
for _ in range(50):
    scores = exec_ctx.execute_v2(bufs.bindings)
print("inference ms", (time.perf_counter() - t0) * 1e3 / 50)
