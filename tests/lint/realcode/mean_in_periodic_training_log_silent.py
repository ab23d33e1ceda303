"""Training loops that log the throughput of the recent steps every N steps: the mean of the step times is a
progress line as training goes on, not the figure of a benchmark."""
import logging
import time

import numpy as np
import torch

logger = logging.getLogger("train")


def train(model, opt, loader, tokens_per_batch, log_every=50):
    step_secs = []
    for step, batch in enumerate(loader):
        t0 = time.time()
        opt.zero_grad()
        model(batch).sum().backward()
        opt.step()
        torch.cuda.synchronize()
        step_secs.append(time.time() - t0)
        if step % log_every == 0:
            print(f"step {step}: {tokens_per_batch / np.mean(step_secs):.0f} tok/s")
            step_secs = []


def train_windowed(model, opt, batches, interval=100):
    window = []
    it = 0
    while it < len(batches):
        begin = time.perf_counter()
        model(batches[it]).mean().backward()
        opt.step()
        torch.cuda.synchronize()
        window.append(time.perf_counter() - begin)
        it += 1
        if (it + 1) % interval == 0:
            logger.info("it %d, %.1f ms/it", it, 1e3 * sum(window) / len(window))
            window = []


def finetune(model, opt, data, epochs):
    durations = []
    for epoch in range(epochs):
        for i, x in enumerate(data):
            t = time.monotonic()
            model(x).sum().backward()
            opt.step()
            torch.cuda.synchronize()
            durations.append(time.monotonic() - t)
            if not i % 25:
                avg = np.mean(durations)
                logger.info("epoch %d batch %d: %.3f s/batch", epoch, i, avg)
                durations = []
