"""Timing helpers of a small benchmark project: the samples are taken here and returned to the caller."""
import torch


def time_calls(fn, inputs, repeats):
    samples = []
    for _ in range(repeats):
        begin = torch.cuda.Event(enable_timing=True)
        finish = torch.cuda.Event(enable_timing=True)
        begin.record()
        fn(*inputs)
        finish.record()
        finish.synchronize()
        samples.append(begin.elapsed_time(finish))
    return samples


def total_time(fn, inputs, repeats):
    begin = torch.cuda.Event(enable_timing=True)
    finish = torch.cuda.Event(enable_timing=True)
    begin.record()
    for _ in range(repeats):
        fn(*inputs)
    finish.record()
    finish.synchronize()
    return begin.elapsed_time(finish) / repeats
