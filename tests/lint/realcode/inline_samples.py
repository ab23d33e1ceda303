"""Event samples averaged without ever being named (set 8): `sum([s.elapsed_time(e) ...]) / n` is a mean-only
report (WP105); a sum of host intervals divided by 60 is a total in minutes, not a mean."""
import time

import torch


def kernel_bench(fn, x, num_iters=50):
    for stage in ("warmup", "timed"):
        starts = [torch.cuda.Event(enable_timing=True) for _ in range(num_iters)]
        ends = [torch.cuda.Event(enable_timing=True) for _ in range(num_iters)]
        for i in range(num_iters):
            starts[i].record()
            y = fn(x)
            ends[i].record()
    torch.cuda.synchronize()
    tot = sum([s.elapsed_time(e) for s, e in zip(starts, ends)]) / num_iters  # expect: WP105
    return y, tot


def kernel_bench_median(fn, x, num_iters=50):
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(num_iters)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(num_iters)]
    fn(x)
    for i in range(num_iters):
        starts[i].record()
        fn(x)
        ends[i].record()
    torch.cuda.synchronize()
    return torch.tensor([s.elapsed_time(e) for s, e in zip(starts, ends)]).median()


def transcribe_all(model, clips, warm):
    model(warm)
    seconds = []
    torch.cuda.synchronize()
    for clip in clips:  # different inputs: the total over the data set is the figure
        start = time.perf_counter()
        model(clip)
        torch.cuda.synchronize()
        seconds.append(time.perf_counter() - start)
    minutes = sum(seconds) / 60
    print(f"{minutes:.1f} min for {len(clips)} clips")
