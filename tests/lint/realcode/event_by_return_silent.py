"""Near miss of the returned-event classes: the same stream-recorded events around a matmul that already ran once
untimed (cuBLAS initialised, kernel chosen), synchronized before the read: nothing to report."""

import cupy as cp

x = cp.random.rand(2048, 2048, dtype=cp.float32)
y = cp.random.rand(2048, 2048, dtype=cp.float32)
cp.matmul(x, y)  # untimed first run
stream = cp.cuda.get_current_stream()
begin = stream.record()
z = cp.matmul(x, y)
finish = stream.record()
finish.synchronize()
print("matmul ms", cp.cuda.get_elapsed_time(begin, finish))
