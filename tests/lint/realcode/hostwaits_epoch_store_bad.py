"""Per-epoch times of a training loop whose loss histories live on the GPU (`torch.zeros(epochs, device=...)`):
storing the epoch's losses there is one more kernel, nothing waits for the epoch before the end read."""
import time

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self, device):
        super().__init__()
        self.device = device
        self.fc = nn.Linear(64, 10)
        self.to(device)

    def forward(self, x):
        return self.fc(x)

    def train_step(self, batches):
        total = torch.zeros(1, device=self.device)
        for x, y in batches:
            self.opt.zero_grad()
            loss = nn.functional.cross_entropy(self(x), y)
            loss.backward()
            self.opt.step()
            total += loss.detach()
        return total / len(batches)

    def eval_step(self, batches):
        total = torch.zeros(1, device=self.device)
        correct = torch.zeros(1, device=self.device)
        with torch.no_grad():
            for x, y in batches:
                out = self(x)
                total += nn.functional.cross_entropy(out, y)
                correct += (out.argmax(-1) == y).sum()
        return total / len(batches), correct / (len(batches) * 32)

    def fit(self, epochs, train, val):
        self.opt = torch.optim.SGD(self.parameters(), lr=0.1)
        self.train_hist = torch.zeros(epochs, device=self.device)
        self.val_hist = torch.zeros(epochs, device=self.device)
        self.acc_hist = torch.zeros(epochs, device=self.device)
        for epoch in range(epochs):
            start = time.perf_counter()
            train_loss = self.train_step(train)
            val_loss, acc = self.eval_step(val)
            self.train_hist[epoch] = train_loss
            self.val_hist[epoch] = val_loss
            self.acc_hist[epoch] = acc
            end = time.perf_counter()  # expect: WP102
            print(f"epoch {epoch}: {end - start:.2f} s")


if __name__ == "__main__":
    dev = torch.device("cuda")
    batches = [(torch.randn(32, 64, device=dev), torch.randint(0, 10, (32,), device=dev)) for _ in range(20)]
    Net(dev).fit(5, batches, batches)
