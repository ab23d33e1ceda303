"""Near miss of track_host_built_bad.py: the project's tracker (tracking.py) moves its model to the GPU in its own
__init__, before the timed loop, so the CUDA context exists when the first frame's `.cuda()` is timed (the walk
follows the constructor into the project module: crossmod, the form of set 179)."""
import time

import numpy as np
import torch

from tracking import GpuTracker


def run(frames, dim=256):
    tracker = GpuTracker(dim)
    total = 0.0
    for img in frames:
        t0 = time.perf_counter()
        blob = torch.from_numpy(img).cuda()
        ids = tracker.update(blob)
        total += time.perf_counter() - t0
    return total / len(frames), ids


if __name__ == "__main__":
    print(run([np.random.rand(8, 256).astype(np.float32) for _ in range(500)]))
