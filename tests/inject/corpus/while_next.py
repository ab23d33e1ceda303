"""Shape: `while step < max_steps:` pulling batches with next(it), restarting the iterator at each epoch's end."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
loader = DataLoader(TensorDataset(torch.randn(40, 5), torch.randn(40, 1)), batch_size=5)
model = nn.Linear(5, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

it = iter(loader)
step, max_steps = 0, 14
while step < max_steps:
    try:
        x, y = next(it)
    except StopIteration:
        it = iter(loader)
        x, y = next(it)
    loss = nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    step += 1
print(f"steps {step} loss {loss.item():.4f}")
