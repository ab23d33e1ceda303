"""Near miss of samples_shown_with_mean_silent: each epoch's time is printed only under `if verbose:`, a test the
mean's report does not share: by default only the mean is shown (reported)."""
import time

import torch
import torch.distributed as dist


def train(model, loader, opt, epochs=10, verbose=False):
    is_master = dist.get_rank() == 0
    epoch_times = []
    for epoch in range(epochs):
        t0 = time.perf_counter()
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
            loss.backward()
            opt.step()
            opt.zero_grad()
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        epoch_times.append(dt)
        if verbose:
            print(f"epoch {epoch}: {dt:.1f} s")
    if is_master:
        print(f"avg epoch {sum(epoch_times) / len(epoch_times):.1f} s")  # expect: WP105
