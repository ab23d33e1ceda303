"""A warm-up loop that builds the loss with a helper of another module (`logits = model(x)`, `loss = nll(logits,
y)`) and runs `loss.backward()` inside a `try`, then a timed loop that builds the same graph the same way and times
its backward: the timed backward is warm (WP103 silent). Its bad neighbour: backward_warmed_through_loss_helper_bad.py."""
import argparse
import timeit

import torch

from trainkit.losses import nll


def bench(args):
    model = torch.nn.Sequential(torch.nn.Linear(256, 1024), torch.nn.GELU(), torch.nn.Linear(1024, 256)).cuda()
    opt = torch.optim.AdamW(model.parameters())
    x = torch.randn(32, 256, device="cuda")
    y = torch.randint(0, 256, (32,), device="cuda")

    for _ in range(args.warmup):
        logits = model(x)
        loss = nll(logits, y)
        try:
            loss.backward()
            opt.step()
            opt.zero_grad()
        except RuntimeError:
            pass
    torch.cuda.synchronize()

    back = []
    for _ in range(args.trials):
        logits = model(x)
        loss = nll(logits, y)
        try:
            t0 = timeit.default_timer()
            loss.backward()
            torch.cuda.synchronize()
            back.append(timeit.default_timer() - t0)
        except RuntimeError:
            back.append(float("inf"))
        opt.zero_grad()
    print("backward ms", 1e3 * sum(back) / len(back))  # expect: WP105



if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--trials", type=int, default=50)
    bench(p.parse_args())
