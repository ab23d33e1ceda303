"""Beside the silent case: the fetcher hands back batches it already put on the GPU (no copy follows): its read,
timed alone with no synchronize, may return before the copy it queued is done; the region around the whole run
synchronizes after the same call."""
import multiprocessing as mp
import time

import torch

from loaders import BatchFetcher  # a module the linter cannot read

model = torch.nn.Linear(64, 64).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
fetcher = BatchFetcher(out_queue=mp.Queue())
model(torch.randn(8, 64, device="cuda")).square().mean().backward()  # warm-up
opt.step()

t_run = time.time()
for step in range(100):
    t_fetch = time.time()
    batch = fetcher.get(f"train-{step}")
    print(f"fetched in {time.time() - t_fetch:.4f}s")  # expect: WP102
    loss = model(batch).square().mean()
    loss.backward()
    opt.step()
torch.cuda.synchronize()
print(f"run {time.time() - t_run:.4f}s")
