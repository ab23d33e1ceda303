"""Sets 50-53 class, silent near-misses: the same loop over a loader of unknown length capped at many steps
(`if step >= 1000: break`: the last step's tail is a small share of a run's wall time), and capped only under an
option (`if args.quick and n == 5: break` is another test; a cap nested under `if quick:` does not always apply)."""

import argparse
import time

import torch

from data import get_loader

parser = argparse.ArgumentParser()
parser.add_argument("--quick", action="store_true")
args = parser.parse_args()

model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.ReLU(), torch.nn.Linear(4096, 10)).cuda()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loader = get_loader(batch_size=32, total_samples=100000, device="cuda")

start = time.time()
for step, (inputs, labels) in enumerate(loader):
    loss = torch.nn.functional.cross_entropy(model(inputs), labels)
    print("loss", loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if step >= 1000:
        break
print("run", time.time() - start)

start = time.time()
for n, (inputs, labels) in enumerate(loader):
    loss = torch.nn.functional.cross_entropy(model(inputs), labels)
    print("loss", loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if args.quick:
        if n == 5:
            break
print("run", time.time() - start)
