"""A batch popped from a multiprocessing queue, timed on its own, then copied to the GPU: host work. The region
around the whole run reads the same call and synchronizes before its end read; that synchronize waits for the
steps' forward and backward passes, not for the queue (set 101)."""
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
    print(f"fetched in {time.time() - t_fetch:.4f}s")
    batch = batch.to("cuda")
    loss = model(batch).square().mean()
    loss.backward()
    opt.step()
torch.cuda.synchronize()
print(f"run {time.time() - t_run:.4f}s")
