"""A plain PyTorch training script: an MLP on synthetic data through a DataLoader (no wprof in it).

It is the bundled example that ``wprof run -- examples/train_mlp.py`` times without changing it. Runs on CUDA when
present, else on the CPU in a few seconds.

    python examples/train_mlp.py --epochs 1 --steps 60
"""

import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Synthetic(Dataset):
    """Random features and labels of a fixed size (made on the fly, like a decoding dataset would)."""

    def __init__(self, n, features, classes):
        self.n, self.features, self.classes = n, features, classes

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(i)
        x = torch.randn(self.features, generator=g)
        y = int(torch.randint(self.classes, (1,), generator=g))
        return x, y


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--steps", type=int, default=60, help="batches per epoch")
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--width", type=int, default=256)
    p.add_argument("--workers", type=int, default=0)
    args = p.parse_args()

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    features, classes = 128, 10
    model = nn.Sequential(
        nn.Linear(features, args.width), nn.ReLU(),
        nn.Linear(args.width, args.width), nn.ReLU(),
        nn.Linear(args.width, classes),
    ).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    data = Synthetic(args.steps * args.batch_size, features, classes)
    loader = DataLoader(data, batch_size=args.batch_size, shuffle=True, num_workers=args.workers,
                        pin_memory=device.type == "cuda", drop_last=True)

    for epoch in range(args.epochs):
        total = 0.0
        for step, (x, y) in enumerate(loader):
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            opt.zero_grad(set_to_none=True)
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
            if step % 20 == 0:
                total = loss.item()
                print(f"epoch {epoch} step {step} loss {total:.4f}")
    print("done")


if __name__ == "__main__":
    main()
