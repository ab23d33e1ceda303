"""Shape: `for x, y in tqdm(loader, desc=...)`; a tiny stand-in tqdm so the corpus needs no tqdm package."""
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class tqdm:  # noqa: N801  (same name and call shape as tqdm.tqdm)
    def __init__(self, iterable, desc="", total=None):
        self.iterable = iterable
        self.desc = desc
        try:
            self.total = len(iterable) if total is None else total
        except TypeError:
            self.total = None

    def __iter__(self):
        n = 0
        for item in self.iterable:
            yield item
            n += 1
        print(f"{self.desc}: {n}/{self.total}", file=sys.stderr)


torch.manual_seed(0)
loader = DataLoader(TensorDataset(torch.randn(72, 6), torch.randn(72, 2)), batch_size=6)
model = nn.Linear(6, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for x, y in tqdm(loader, desc="train"):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
print(f"weight norm {model.weight.norm().item():.4f}")
