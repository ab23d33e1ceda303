"""WP103 and WP102, silent near opencv_cuda_first_call_bad.py: the OpenCV CUDA call run once before the timed
repetitions (whose mean is printed with the spread), the calls on the default stream waiting for their work, and
`download()` a blocking copy back."""

import statistics
import time

import cv2
import numpy as np


def gemm_bench(n=1024, reps=20):
    a = np.random.random((n, n)).astype(np.float32)
    g1 = cv2.cuda_GpuMat()
    g1.upload(a)
    cv2.cuda.gemm(g1, g1, 1, None, 0, None, 0)  # warm-up
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        out = cv2.cuda.gemm(g1, g1, 1, None, 0, None, 0)
        host = out.download()
        times.append(time.perf_counter() - t0)
    print(statistics.mean(times), statistics.stdev(times), host.shape)
