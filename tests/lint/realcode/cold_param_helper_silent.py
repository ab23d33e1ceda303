"""Sets 26/29 class, the silent side: the timing helper runs what it is handed before the clock starts (a warm-up
loop, a check of its output, a library call that runs it), its figure is a robust statistic of the samples, it
times a pass over a data loader (an evaluation, often after training), or it never puts the object on the GPU
itself (callers the linter cannot see may have run it)."""
import statistics
import time

import torch


def forward_latency(net, batch, runs=20):
    net = net.to("cuda").eval()
    batch = batch.to("cuda")
    with torch.no_grad():
        for _ in range(3):
            net(batch)
        spent = []
        for _ in range(runs):
            t0 = time.perf_counter()
            net(batch)
            torch.cuda.synchronize()
            spent.append(time.perf_counter() - t0)
    return sum(spent) / len(spent)  # expect: WP105


def decode_ms(lm, prompt_ids, new_tokens):
    lm.to("cuda")
    reference = lm.generate(prompt_ids, max_new_tokens=2)
    assert reference.shape[0] == prompt_ids.shape[0]
    begin = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    begin.record()
    lm.generate(prompt_ids, max_new_tokens=new_tokens)
    end.record()
    torch.cuda.synchronize()
    return begin.elapsed_time(end) / new_tokens


def median_ms(op, a, reps=50):
    op = op.cuda()
    samples = []
    for _ in range(reps):
        torch.cuda.synchronize()  # expect-extra: WP101
        t = time.perf_counter()
        op(a)
        torch.cuda.synchronize()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1e3


def profiled(model, x, count_flops):
    model.cuda()
    count_flops(model, x)
    torch.cuda.synchronize()
    t = time.perf_counter()
    model(x)
    torch.cuda.synchronize()
    return time.perf_counter() - t


def evaluate(model, loader):
    model.to("cuda").eval()
    torch.cuda.synchronize()
    t = time.perf_counter()
    with torch.no_grad():
        for x, _ in loader:
            model(x.cuda())
    torch.cuda.synchronize()
    print(f"eval pass {time.perf_counter() - t:.1f} s")


def step_ms(model, x):
    torch.cuda.synchronize()
    t = time.perf_counter()
    model(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - t) * 1e3
