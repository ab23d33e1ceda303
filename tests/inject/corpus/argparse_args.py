"""Shape: argparse options (prog name, flags) and a loop that depends on them; prints what it was given."""
import argparse
import os
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def parse_args():
    p = argparse.ArgumentParser(description="tiny trainer")
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--batch-size", type=int, default=4)
    p.add_argument("--lr", type=float, default=0.1)
    p.add_argument("tag", nargs="?", default="none")
    return p.parse_args()


args = parse_args()
print(f"argv {sys.argv[1:]} prog {os.path.basename(sys.argv[0])} tag {args.tag}")
torch.manual_seed(0)
loader = DataLoader(TensorDataset(torch.randn(48, 4), torch.randn(48, 1)), batch_size=args.batch_size)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=args.lr)
for epoch in range(args.epochs):
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(f"epoch {epoch} loss {loss.item():.4f}")
