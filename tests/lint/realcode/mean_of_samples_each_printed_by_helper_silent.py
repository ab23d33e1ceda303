"""Samples that a helper of the file prints (or logs) before returning them: every run's time is on the screen,
the mean printed after the loop is a summary of numbers the reader has already seen."""
import logging
import statistics
import time

import torch

log = logging.getLogger(__name__)


def one_pass(model, batch, label):
    torch.cuda.synchronize()
    begin = time.perf_counter()
    model(batch)
    torch.cuda.synchronize()
    took = time.perf_counter() - begin
    print(f"[{label}] pass took {took * 1e3:.2f} ms")
    return took


def timed_matmul(a, b):
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    start.record()
    a @ b
    stop.record()
    stop.synchronize()
    ms = start.elapsed_time(stop)
    log.info("matmul %.3f ms", ms)
    return ms


def main(model, batch, a, b):
    passes = []
    for k in range(5):
        elapsed = one_pass(model, batch, f"run {k}")
        passes.append(elapsed)
    print(f"mean pass: {sum(passes) / len(passes) * 1e3:.2f} ms")

    mm = []
    for _ in range(10):
        mm.append(timed_matmul(a, b))
    log.info("mean matmul %.3f ms", statistics.mean(mm))
