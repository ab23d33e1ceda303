"""Sets 26/29 class: a timing helper of a module whose callers live elsewhere puts the model it is handed on the GPU
and times it, and nothing in it runs that object before the clock starts: its first GPU call is in the figure (three shapes: a forward averaged over runs, one timed generate with events, a callable timed once)."""
import time

import torch


def forward_latency(net, batch, runs=20):
    net = net.to("cuda").eval()
    batch = batch.to("cuda")
    spent = []
    with torch.no_grad():
        for _ in range(runs):
            t0 = time.perf_counter()
            net(batch)  # expect: WP103
            torch.cuda.synchronize()
            spent.append(time.perf_counter() - t0)
    return sum(spent) / len(spent)  # expect: WP105


def decode_ms(lm, prompt_ids, new_tokens):
    lm.to("cuda")
    begin = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    begin.record()
    lm.generate(prompt_ids, max_new_tokens=new_tokens)  # expect: WP103
    end.record()
    torch.cuda.synchronize()
    return begin.elapsed_time(end) / new_tokens


def one_call_ms(op, a):
    op = op.cuda().half()
    torch.cuda.synchronize()
    t = time.time()
    op(a)  # expect: WP103
    torch.cuda.synchronize()
    print(f"{(time.time() - t) * 1e3:.3f} ms")
