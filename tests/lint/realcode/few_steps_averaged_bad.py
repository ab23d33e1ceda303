"""A mean, total or rate over a few training epochs or steps the code counts, from the very first (sets 84-85): the
first one pays CUDA/cuBLAS start-up, the optimizer's state and the allocator's growth, and with five epochs or
twenty steps that is a material share of the figure. Three shapes: epoch times of a five-epoch loop averaged; a
training-step function of the file timed per call over twenty steps, its total divided by the count; one clock
around `--steps` steps (default 40) turned into tokens per second."""

import argparse
import time

import numpy as np
import torch
from torch import nn

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

mlp = nn.Sequential(nn.Linear(256, 128), nn.ReLU(), nn.Linear(128, 1)).cuda()
adam = torch.optim.Adam(mlp.parameters(), lr=1e-3)
loader = [(torch.randn(64, 256), torch.randn(64, 1)) for _ in range(30)]
n_epochs = 5
epoch_s = []
for epoch in range(n_epochs):
    torch.cuda.synchronize()
    begin = time.time()
    for xb, yb in loader:
        xb, yb = xb.cuda(), yb.cuda()
        adam.zero_grad()
        loss = nn.functional.mse_loss(mlp(xb), yb)  # expect: WP103
        loss.backward()
        adam.step()
    torch.cuda.synchronize()
    epoch_s.append(time.time() - begin)
print(f"mean epoch: {np.mean(epoch_s):.3f}s")  # expect: WP105

feats = torch.randn(500, 32).to(dev)
target = torch.randint(0, 3, (500,)).to(dev)
gcn = nn.Linear(32, 3).to(dev)
sgd = torch.optim.SGD(gcn.parameters(), lr=0.5)


def fit_once():
    sgd.zero_grad()
    out = gcn(feats)
    err = nn.functional.cross_entropy(out, target)
    err.backward()
    sgd.step()
    return err.item()


rounds = 20
spent = 0.0
for it in range(1, rounds + 1):
    mark = time.time()
    fit_once()  # expect: WP103
    spent += time.time() - mark
print(f"per step: {spent / rounds:.5f}s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--batch", type=int, default=16)
    args = ap.parse_args()
    net = nn.Linear(512, 512).to(dev)
    opt = torch.optim.AdamW(net.parameters())
    x = torch.randn(args.batch, 512).to(dev)
    start = time.time()
    for _ in range(args.steps):
        y = net(x).pow(2).mean()
        opt.zero_grad()
        y.backward()  # expect: WP103
        opt.step()
    torch.cuda.synchronize()
    total = time.time() - start
    print(f"samples/s: {args.steps * args.batch / total:.0f}")


if __name__ == "__main__":
    main()
