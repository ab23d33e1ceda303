"""Shape: nested epoch and step loops at module level; the gauge spans epochs (4 steps per epoch)."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
loader = DataLoader(TensorDataset(torch.randn(32, 8), torch.randn(32, 1)), batch_size=8)
model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.9)

for epoch in range(4):
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    scheduler.step()
    print(f"epoch {epoch} loss {loss.item():.4f} lr {scheduler.get_last_lr()[0]:.4f}")
