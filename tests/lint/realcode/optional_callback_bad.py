# The same hook handed the model's output on the GPU may compute on it: still taken for GPU work after the last
# wait, so the maintenance interval is reported.
import time

import torch


def train(model, batches, ticks, progress_fn=None):
    tick_start = time.time()
    for tick in range(ticks):
        for x in batches:
            model(x.cuda()).sum().backward()
        torch.cuda.synchronize()
        tick_end = time.time()
        print("tick", tick_end - tick_start)
        sample = model(batches[0].cuda())
        if progress_fn is not None:
            progress_fn(sample)
        tick_start = time.time()  # expect: WP102
        print("maintenance", tick_start - tick_end)
