"""Set 38 class, the silent side: the `if` on the loop variable drops the first sample (a `continue` on the first batch of a
progress bar, an outer epoch loop whose first pass is not kept, a kept sample only past a warm-up count)."""
import time

import numpy as np
import torch
from tqdm import tqdm


def bench_batches(model, tokens, bs):
    times = []
    for i in tqdm(range(0, tokens.shape[0], bs)):
        chunk = tokens[i:i + bs].cuda()
        t0 = time.perf_counter()
        model(chunk)
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        if i == 0:
            continue  # the first batch warms up
        times.append(dt)
    return sum(times) / len(times)  # expect: WP105


def bench_epochs(model, tokens, bs):
    times = []
    for epoch in range(2):
        for start in tqdm(range(0, tokens.shape[0], bs)):
            if start + bs > tokens.shape[0]:
                break
            t0 = time.perf_counter()
            model(tokens[start:start + bs].cuda())
            torch.cuda.synchronize()
            if epoch > 0:  # the first epoch warms up
                times.append(time.perf_counter() - t0)
    return np.mean(times)  # expect: WP105


def bench_steps(net, loader, skip):
    took = []
    for step, batch in loader:
        t = time.time()
        net(batch)
        torch.cuda.synchronize()
        if step >= skip:
            took.append(time.time() - t)
    print("mean step", np.mean(took))  # expect: WP105


def main():
    model = torch.nn.Linear(256, 256).cuda()
    print(bench_batches(model, torch.randn(4096, 256), 64))
    print(bench_epochs(model, torch.randn(4096, 256), 64))
    net = torch.nn.Linear(256, 256).cuda()
    bench_steps(net, [(i, torch.randn(8, 256, device="cuda")) for i in range(10)], 2)


if __name__ == "__main__":
    main()
