# Six training steps from a fresh model, over a loader capped by its enumerate counter, timed once: the first
# backward (autograd start-up, the backward kernels, the optimizer's state) is in the compared figure. The second
# and third calls run only with --check, off unless given.
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
        loss.backward()  # expect: WP103
        optimizer.step()
        losses.append(loss.item())
        if n == 5:
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
