"""Set 59 (lint80): a sweep written over the indices of a list of sizes (`for k in range(len(widths)):` ...
`w = widths[k]`), each size's time stored by index (`elapsed[k] = ...`) and the array plotted whole: the first
point holds the Numba kernel's first launch, its compilation (WP112), as a printed row of `for w in widths:`
would."""
import time

import matplotlib.pyplot as plt
import numpy as np
from numba import cuda


@cuda.jit
def bump(v):
    i = cuda.grid(1)
    if i < v.size:
        v[i] += 1.0


widths = np.array([j * 64 for j in range(1, 12)])
count = widths.size
elapsed = np.zeros(count)
for k in range(count):
    w = widths[k]
    d_v = cuda.to_device(np.zeros(w * 256, np.float32))
    t0 = time.time()
    for _ in range(200):
        bump[w, 256](d_v)  # expect: WP112
    cuda.synchronize()
    elapsed[k] = time.time() - t0

plt.plot(widths * 256, elapsed)
plt.show()
