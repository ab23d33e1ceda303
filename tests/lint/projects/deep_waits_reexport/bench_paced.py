"""A timing helper handed a decode function of the project's package (re-exported by its __init__) that waits for
the device every token: at most the last token's tail is left when the clock is read (weak, not shown)."""
import contexttimer
import torch

from sampling import sample_loop


def benchmark(fn, label, use_profiler, *args):
    with contexttimer.Timer() as t:
        if use_profiler:
            with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
                for _ in range(10):
                    out = fn(*args)
                    prof.step()
        else:
            for _ in range(10):
                out = fn(*args)
    print(label, t.elapsed / 10, len(out[0]))


def main(model, ids):
    model, ids = model.cuda(), ids.cuda()
    benchmark(sample_loop, "sampled", False, model, ids, 128)
