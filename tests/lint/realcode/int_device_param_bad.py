"""A device given as an int (`device: int = 0`, then `torch.device(device)`) names an accelerator by its ordinal: the
file uses the GPU though it never says so. A host clock read right after the training step, with no wait, measures
the launch (WP102); the evaluation step that reads its loss back with `.item()` before the end read is silent."""

import argparse
from time import time

import torch
from torch import nn


def run(net: nn.Module, batches, device: int = 0, rounds: int = 3):
    device = torch.device(device)
    net = net.to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    crit = nn.MSELoss()
    spent = 0.0
    for _ in range(rounds):
        for xb, yb in batches:
            xb, yb = xb.to(device), yb.to(device)
            begin = time()
            out = net(xb)
            loss = crit(out, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            finish = time()  # expect: WP102
            spent += finish - begin
    checked = 0.0
    for xb, yb in batches:
        xb, yb = xb.to(device), yb.to(device)
        begin = time()
        with torch.no_grad():
            err = crit(net(xb), yb).item()
        checked += time() - begin
    print(f"train {spent:.3f} s, eval {checked:.3f} s, last error {err:.4f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", type=int, default=0)
    data = [(torch.randn(32, 16), torch.randn(32, 4)) for _ in range(8)]
    run(nn.Linear(16, 4), data, device=ap.parse_args().device)
