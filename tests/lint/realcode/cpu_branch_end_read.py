"""A harness that times with CUDA events on the GPU path and with a host clock only on its CPU path: the host clock
is started before the device test but read only in the branch the code separates from CUDA (the `else` of
`if torch.cuda.is_available():`, or of a flag bound to that test): it never times GPU work (silent). The same flag
guarding an unsynchronized host read on its CUDA side is a real WP102."""

import time

import torch


def bench(fn, inputs, iters=50):
    times = []
    if torch.cuda.is_available():
        starts = [torch.cuda.Event(enable_timing=True) for _ in range(iters)]
        ends = [torch.cuda.Event(enable_timing=True) for _ in range(iters)]
    for it in range(iters):
        t0 = time.time()
        if torch.cuda.is_available():
            starts[it].record()
        fn(*inputs)
        if torch.cuda.is_available():
            ends[it].record()
        else:
            times.append(time.time() - t0)
    if torch.cuda.is_available():
        torch.cuda.synchronize()
        times = [s.elapsed_time(e) * 1e-3 for s, e in zip(starts, ends)]
    return times


def bench_fwd(model, batches):
    use_cuda = torch.cuda.is_available()
    fwd = []
    for x in batches:
        if use_cuda:
            start = torch.cuda.Event(enable_timing=True)
            stop = torch.cuda.Event(enable_timing=True)
            start.record()
        else:
            t0 = time.perf_counter()
        model(x)
        if use_cuda:
            stop.record()
            stop.synchronize()
            fwd.append(start.elapsed_time(stop) * 1e-3)
        else:
            fwd.append(time.perf_counter() - t0)
    return fwd


def bench_flagged(model, batches):
    use_gpu = torch.cuda.is_available()
    lat = []
    for x in batches:
        t0 = time.perf_counter()
        model(x)
        if use_gpu:
            lat.append(time.perf_counter() - t0)  # expect: WP102
    return lat


dev = "cuda" if torch.cuda.is_available() else "cpu"
net = torch.nn.Linear(512, 512).to(dev)
xs = [torch.randn(64, 512, device=dev) for _ in range(8)]
print(sum(bench(net, (xs[0],))), sum(bench_fwd(net, xs)), sum(bench_flagged(net, xs)))
