"""Shape: `for step in range(n):` with the batch fetched inside the body from a generator."""
import torch
from torch import nn


def synthetic_batches(batch_size, dim):
    g = torch.Generator().manual_seed(1)
    while True:
        x = torch.randn(batch_size, dim, generator=g)
        yield x, x.sum(dim=1, keepdim=True)


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.02)
batches = synthetic_batches(16, 6)
num_steps = 12
for step in range(num_steps):
    inputs, targets = next(batches)
    loss = nn.functional.mse_loss(model(inputs), targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f"loss after {num_steps} steps {loss.item():.4f}")
