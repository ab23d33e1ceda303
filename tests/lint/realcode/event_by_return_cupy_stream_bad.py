"""Set 40 class (CuPy notebooks): a stream's `record()` returns the event it records, so `begin = stream.record()`
... `finish = stream.record()` read by `cp.cuda.get_elapsed_time(begin, finish)` is an event-timed region (the
receiver is the stream, the events are the assigned names). The first cuBLAS matmul is timed in it."""

import cupy as cp

x = cp.random.rand(2048, 2048, dtype=cp.float32)
y = cp.random.rand(2048, 2048, dtype=cp.float32)
stream = cp.cuda.get_current_stream()
begin = stream.record()
z = cp.matmul(x, y)  # expect: WP103
finish = stream.record()
finish.synchronize()
print("matmul ms", cp.cuda.get_elapsed_time(begin, finish))
