"""Set 28 class M-1: an images/sec benchmark over a synthetic dataset of the file whose length is the loader's batch
size times a small constant (5 steps an epoch), the device named only as an ordinal (`device = 0`). Each step's
blocking copy to the GPU waits for the step before it, but nothing waits for the last one: a fifth of the work is
missing from the interval (reported). The same loop over 2000 steps is a run's wall time, off by one step in
thousands (silent)."""

import random
import time

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset
from torchvision import models

device = 0
batch_size = 32
steps = 5
long_steps = 2000


class Synthetic(Dataset):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, idx):
        return torch.randn(3, 224, 224), random.randint(0, 999)

    def __len__(self):
        return batch_size * steps


class LongSynthetic(Dataset):
    def __getitem__(self, idx):
        return torch.randn(3, 224, 224), random.randint(0, 999)

    def __len__(self):
        return batch_size * long_steps


model = models.resnet18()
model.to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
short_loader = DataLoader(Synthetic(0), batch_size=batch_size)
long_loader = DataLoader(LongSynthetic(), batch_size=batch_size)


def train_step(imgs, labels):
    opt.zero_grad()
    loss = F.cross_entropy(model(imgs.to(device)), labels.to(device))
    loss.backward()
    opt.step()


for epoch in range(3):
    t0 = time.time()
    for imgs, labels in short_loader:
        train_step(imgs, labels)
    dt = time.time() - t0  # expect: WP102
    print(f"{batch_size * steps / dt:.1f} img/s")

t0 = time.time()
for imgs, labels in long_loader:
    train_step(imgs, labels)
print(f"{batch_size * long_steps / (time.time() - t0):.1f} img/s")
