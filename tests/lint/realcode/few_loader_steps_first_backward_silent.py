# Two hundred steps over a loader: a training run whose first step is a small share of the total (not a handful of
# steps from the very first), left alone like any run over data.
import argparse
import time

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--ckp", action="store_true")
parser.add_argument("--check", dest="check", action="store_true")


def feed(n, device):
    for _ in range(n):
        yield torch.randn(64, 512, device=device), torch.randint(0, 10, (64,), device=device)


def run(ckp=False):
    model = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10))
    model.cuda()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    losses = []
    start = time.perf_counter()
    for n, (x, y) in enumerate(feed(1000, "cuda")):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        if n == 199:
            break
    print(f"ckp {ckp} elapsed {time.perf_counter() - start:.3f} s")
    return losses


if __name__ == "__main__":
    args = parser.parse_args()
    check = args.check
    run(args.ckp)
    if check:
        ref = run(True)
        out = run(False)
        assert ref == out
