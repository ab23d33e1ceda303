"""Shape: the script calls sys.exit(3) in the middle of training (after 9 steps)."""
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
loader = DataLoader(TensorDataset(torch.randn(80, 4), torch.randn(80, 1)), batch_size=4)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for i, (x, y) in enumerate(loader):
    loss = nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if i == 8:
        print(f"stopping early at step {i}, loss {loss.item():.4f}")
        sys.exit(3)
print("not reached")
