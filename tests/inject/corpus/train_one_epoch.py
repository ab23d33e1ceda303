"""Shape: the step loop lives in train_one_epoch(), called from main() once per epoch; evaluate() has its own loop."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def train_one_epoch(model, loader, optimizer, epoch):
    model.train()
    total = 0.0
    for inputs, targets in loader:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        total += loss.item()
    print(f"epoch {epoch} train loss {total / len(loader):.4f}")


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = 0
    for inputs, targets in loader:
        correct += (model(inputs).argmax(1) == targets).sum().item()
    return correct / len(loader.dataset)


def main():
    torch.manual_seed(0)
    train = TensorDataset(torch.randn(48, 12), torch.randint(0, 4, (48,)))
    val = TensorDataset(torch.randn(16, 12), torch.randint(0, 4, (16,)))
    train_loader = DataLoader(train, batch_size=8, shuffle=True)
    val_loader = DataLoader(val, batch_size=8)
    model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 4))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(3):
        train_one_epoch(model, train_loader, optimizer, epoch)
        print(f"epoch {epoch} val acc {evaluate(model, val_loader):.3f}")


if __name__ == "__main__":
    main()
