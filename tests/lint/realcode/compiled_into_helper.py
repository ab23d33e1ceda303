"""Set 18 class: a function freshly compiled and handed to a timing helper of the file that times it with no call
before and averages the samples: the first timed call compiles (WP112, at the call site). Silent: the compiled
function called once before it is handed over."""

import torch

net = torch.nn.Linear(64, 64).cuda()
x = torch.randn(8, 64, device="cuda")


def measure(m, x, n=5):
    ts = []
    for _ in range(n):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        m(x)
        e.record()
        torch.cuda.synchronize()
        ts.append(s.elapsed_time(e))
    return sum(ts) / n  # expect: WP105


print(measure(torch.compile(net), x))  # expect: WP112
fast = torch.compile(net)
fast(x)
print(measure(fast, x))
