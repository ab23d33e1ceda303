"""Set 17 class (khushi): a `timed(fn)` helper that times one call of its callable between events, called once per
variant with a lambda: the eager variant's first call (`run(model, x)`, a function of the file on a GPU model) is
cold (WP103), and the `torch.compile`d variant's first call compiles (WP112). Silent: the same helper handed a
compiled function that ran three times before."""

import torch


def timed(fn):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    out = fn()
    end.record()
    torch.cuda.synchronize()
    return out, start.elapsed_time(end) / 1000


def make_model():
    return torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.ReLU()).cuda()


def run(mod, inp):
    return mod(inp)


def compare():
    model = make_model()
    x = torch.randn(64, 256).cuda()
    fast = torch.compile(run, mode="reduce-overhead")
    print("eager:", timed(lambda: run(model, x))[1])  # expect: WP103
    print("compiled:", timed(lambda: fast(model, x))[1])  # expect: WP112


def measure(fn):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end)


def steady():
    model = make_model()
    x = torch.randn(64, 256).cuda()
    fast = torch.compile(run)
    for _ in range(3):
        fast(model, x)
    print("compiled:", measure(lambda: fast(model, x)))


if __name__ == "__main__":
    compare()
    steady()
