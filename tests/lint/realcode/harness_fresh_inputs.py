"""Inputs prepared afresh inside the callable a benchmark harness runs once per sample (WP104, default part): a
random draw or a copy of an input made outside the callable, fed to the measured op, is timed with every sample.
Silent: outputs allocated per call (opt-in only), a callable that measures the copy itself, inputs made once."""
import torch
import triton


def attention_bwd(q, k, v, do):
    o = torch.nn.functional.scaled_dot_product_attention(q, k, v)
    o.backward(do)


def bench_bwd(q, k, v):
    def step():
        q_ = q.detach().clone().requires_grad_()  # expect: WP104
        k_ = k.detach().clone().requires_grad_()
        do = torch.randn_like(q_)
        attention_bwd(q_, k_, v, do)

    return triton.testing.do_bench(step)


def bench_inplace(x):
    return triton.testing.do_bench(lambda: x.clone().mul_(2.0))  # expect: WP104


def time_fn(fn, reps=100):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / reps


def bench_noise(model, x):
    return time_fn(lambda: model(x + torch.randn(x.shape, device=x.device)))  # expect: WP104


# silent: prepared once, outside the callable
def bench_ready(q, k, v):
    q_ = q.detach().clone().requires_grad_()
    do = torch.randn_like(q_)
    return triton.testing.do_bench(lambda: attention_bwd(q_, k, v, do))


# silent: the output of a kernel wrapper allocated per call (cheap with the caching allocator; opt-in only)
def bench_wrapper(x):
    def run():
        out = torch.empty_like(x)
        torch.mul(x, 2.0, out=out)
        return out

    return triton.testing.do_bench(run)


# silent: the copy is what is measured
def bench_copy(x):
    return triton.testing.do_bench(lambda: x.clone())


def latency(op, args, inplace, reps=100):
    if inplace:  # every call clones its tensor arguments so the in-place op sees fresh data
        fn = lambda: op(*[a.clone() if torch.is_tensor(a) else a for a in args])  # expect: WP104
    else:
        fn = lambda: op(*args)
    return triton.testing.do_bench(fn, rep=reps)


# silent: the gradient is drawn for the sample's own output (shaped by it), not an input prepared again
def bench_full(fwd):
    def full():
        y = fwd()
        y.backward(torch.randn_like(y), retain_graph=True)

    return triton.testing.do_bench(full)
