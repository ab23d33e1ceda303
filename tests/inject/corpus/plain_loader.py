"""Shape: `for batch in loader:` at module level, batch unpacked inside the body."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
data = TensorDataset(torch.randn(96, 8), torch.randn(96, 1))
loader = DataLoader(data, batch_size=8, shuffle=False)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

for batch in loader:
    x, y = batch
    loss = nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f"final loss {loss.item():.4f}")
