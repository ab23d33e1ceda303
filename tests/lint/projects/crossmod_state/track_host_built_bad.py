"""The project's tracker (tracking.py) builds its model on the host and never touches the GPU in __init__: the
first frame's `.cuda()` inside the timed loop is the program's first GPU call and creates the CUDA context there
(crossmod: the walk reads the constructor in its module and finds no GPU use)."""
import time

import numpy as np
import torch

from tracking import LazyTracker


def run(frames, dim=256):
    tracker = LazyTracker(dim)
    total = 0.0
    for img in frames:
        t0 = time.perf_counter()
        blob = torch.from_numpy(img).cuda()  # expect: WP103
        ids = tracker.update(blob)
        total += time.perf_counter() - t0
    return total / len(frames), ids


if __name__ == "__main__":
    print(run([np.random.rand(8, 256).astype(np.float32) for _ in range(500)]))
