"""The same timing helper handed a decode function of the package that never waits: the timer reads the launches.
Reported."""
import contexttimer
import torch

from sampling import greedy_loop


def benchmark(fn, label, use_profiler, *args):
    with contexttimer.Timer() as t:  # expect: WP102
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
    benchmark(greedy_loop, "sampled", False, model, ids, 128)
