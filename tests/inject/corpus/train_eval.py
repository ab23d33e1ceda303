"""Shape: two loops per epoch, train and eval, at module level; evidence must pick the train loop."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
val_loader = DataLoader(TensorDataset(torch.randn(32, 6), torch.randn(32, 1)), batch_size=8)
train_loader = DataLoader(TensorDataset(torch.randn(48, 6), torch.randn(48, 1)), batch_size=8)
model = nn.Linear(6, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

for epoch in range(2):
    model.eval()
    with torch.no_grad():
        val = sum(nn.functional.mse_loss(model(x), y).item() for x, y in val_loader)
        for x, y in val_loader:
            val += 0.0 * model(x).sum().item()
    model.train()
    for x, y in train_loader:
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(f"epoch {epoch} val {val:.4f} train {loss.item():.4f}")
