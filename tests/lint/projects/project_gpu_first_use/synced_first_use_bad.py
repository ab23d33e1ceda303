# The scored file names no GPU: the project's own module puts the data on the GPU (`cuda.to_device`), launches
# eagerly compiled kernels and waits (`cuda.synchronize()`, `copy_to_host`). The wait at its end does not make the
# call a bare wait: it is the program's first GPU use, and the CUDA context is created inside the timed region.
import time

import numpy as np

from kmeans_gpu import gpu_kmeans

data = np.random.rand(200_000)
start = time.perf_counter()
labels = gpu_kmeans(data, k=5, iters=100)  # expect: WP103
print(time.perf_counter() - start)
