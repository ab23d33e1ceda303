"""Set 38 class (a per-batch loop whose `if` on the loop variable only stops or chooses, never drops a sample): the
first batch is the model's first call, averaged in."""
import time

import numpy as np
import torch
from tqdm import tqdm


def bench_batches(model, tokens, bs):
    times = []
    for start in tqdm(range(0, tokens.shape[0], bs)):
        if start + bs > tokens.shape[0]:
            break  # a short last batch: stop, nothing of the first batch is skipped
        chunk = tokens[start:start + bs].cuda()
        t0 = time.perf_counter()
        model(chunk)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    return sum(times) / len(times)  # expect: WP105


def bench_sizes(layer, sizes):
    spent = []
    for n in sizes:
        if n > 4096:
            x = torch.randn(n, 256, device="cuda", dtype=torch.half)
        else:
            x = torch.randn(n, 256, device="cuda")
        begin = time.perf_counter()
        layer(x.float().unsqueeze(0))
        torch.cuda.synchronize()
        spent.append(time.perf_counter() - begin)
    return np.mean(spent)  # expect: WP105


def bench_steps(net, loader, log_every):
    took = []
    for step in loader:
        if step is None:
            print("empty step")
        t = time.time()
        net(step)
        torch.cuda.synchronize()
        took.append(time.time() - t)
    print("mean step", np.mean(took))  # expect: WP105


def main():
    model = torch.nn.Linear(256, 256).cuda()
    print(bench_batches(model, torch.randn(4096, 256), 64))  # expect: WP103



def other():
    layer = torch.nn.Conv1d(256, 256, 3).cuda()
    print(bench_sizes(layer, [1024, 8192]))  # expect: WP103


def third():
    net = torch.nn.GRU(256, 256).cuda()
    bench_steps(net, [torch.randn(8, 256, device="cuda") for _ in range(10)], 5)  # expect: WP103


if __name__ == "__main__":
    main()
    other()
    third()
