# A training loop's optional progress hook (default None, called only when given, handed host numbers) is not the
# work a timing helper is handed: the maintenance interval ends after a blocking read-back, the hook is host work.
import time

import torch


def train(model, batches, ticks, progress_fn=None, abort_fn=None):
    tick_start = time.time()
    for tick in range(ticks):
        for x in batches:
            model(x.cuda()).sum().backward()
        torch.cuda.synchronize()
        tick_end = time.time()
        print("tick", tick_end - tick_start)
        if abort_fn is not None and abort_fn():
            break
        sample = model(batches[0].cuda()).cpu()
        print(sample.mean())
        if progress_fn is not None:
            progress_fn(tick * 1000 // 10, ticks)
        tick_start = time.time()
        print("maintenance", tick_start - tick_end)
