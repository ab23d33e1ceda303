"""WP103 class (set 72): OpenCV's CUDA module (`cv2.cuda.*` on `cv2.cuda_GpuMat` images) timed on its first call,
once, with nothing run on the GPU before: the figure holds the CUDA context's creation, cuBLAS's start and the first
allocations. (An OpenCV CUDA call on the default stream returns when its work is done, and `download()` copies the
image back, blocking: the host clock is read after the work, no WP102.)"""

import time

import cv2
import numpy as np

a = np.random.random((1024, 1024)).astype(np.float32)
g1 = cv2.cuda_GpuMat()
g2 = cv2.cuda_GpuMat()
g1.upload(a)
g2.upload(a)
t0 = time.perf_counter()
cv2.cuda.gemm(g1, g2, 1, None, 0, None, 0)  # expect: WP103
print("CUDA gemm", time.perf_counter() - t0)


def blur(path):
    img = cv2.imread(path)
    start = time.perf_counter()
    d_img = cv2.cuda_GpuMat()
    d_img.upload(img)
    gray = cv2.cuda.cvtColor(d_img, cv2.COLOR_BGR2GRAY)  # expect: WP103
    out = gray.download()
    print("opencv+cuda", time.perf_counter() - start)
    return out
