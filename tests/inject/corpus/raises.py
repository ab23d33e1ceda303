"""Shape: the training step raises (a shape bug at step 9); the traceback must point at this file's lines."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def train_step(model, optimizer, x, y, step):
    if step == 9:
        x = x[:, :3]  # the bug: drops a feature, so the matmul fails
    loss = nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss


torch.manual_seed(0)
loader = DataLoader(TensorDataset(torch.randn(64, 4), torch.randn(64, 1)), batch_size=4)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for step, (x, y) in enumerate(loader):
    loss = train_step(model, optimizer, x, y, step)
print("not reached")
