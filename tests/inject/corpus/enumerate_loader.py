"""Shape: `for i, (x, y) in enumerate(loader):` with a log line every few steps."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
train_loader = DataLoader(TensorDataset(torch.randn(80, 8), torch.randn(80, 1)), batch_size=8)
model = nn.Linear(8, 1)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)

for i, (x, y) in enumerate(train_loader):
    opt.zero_grad(set_to_none=True)
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
    if i % 4 == 0:
        print(f"step {i} loss {loss.item():.4f}")
print("done")
