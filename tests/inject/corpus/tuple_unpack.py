"""Shape: `for x, y in loader:` inside a `with` block, classification with cross-entropy."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
ds = TensorDataset(torch.randn(64, 10), torch.randint(0, 3, (64,)))
dl = DataLoader(ds, batch_size=4, drop_last=True)
net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
criterion = nn.CrossEntropyLoss()

steps = 0
with torch.autograd.set_detect_anomaly(False):
    for x, y in dl:
        loss = criterion(net(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        steps += 1
print(f"steps {steps} loss {loss.item():.4f}")
