"""Shape: a package module run with `-m pkgtrain.train`, relative import, loop in a function."""
import sys

import torch
from torch.utils.data import DataLoader, TensorDataset

from .model import make_model


def fit(model, loader, optimizer):
    for features, labels in loader:
        loss = torch.nn.functional.mse_loss(model(features), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss


if __name__ == "__main__":
    print(f"name {__name__} package {__package__} argv {sys.argv[1:]}")
    torch.manual_seed(0)
    loader = DataLoader(TensorDataset(torch.randn(56, 4), torch.randn(56, 1)), batch_size=4)
    model = make_model()
    loss = fit(model, loader, torch.optim.SGD(model.parameters(), lr=0.05))
    print(f"loss {loss.item():.4f}")
