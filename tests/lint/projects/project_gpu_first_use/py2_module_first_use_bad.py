# The scored file names no GPU: the project's own module (kmeans_py2.py, a Python 2 module mixing tabs and spaces) puts the data on the GPU and
# reads the labels back. The one timed call is the program's first GPU use (CUDA context creation inside it), even
# though the helper waits at its end.
import time

import numpy as np

from kmeans_py2 import gpu_kmeans

data = np.random.rand(200_000)
start = time.perf_counter()
labels = gpu_kmeans(data, k=5, iters=100)  # expect: WP103
print(time.perf_counter() - start)
