"""WP103 class (set 71): the epoch count of the file's training function is a module constant (`EPOCHS = 1` at the
top of the file, read inside the function), so the one timed call trains a single epoch of a model built just
before: the figure reported as the epoch time holds the first steps' one-off start."""

import time

import torch
import torch.nn as nn
import torchvision

EPOCHS = 1


def train(net, loader):
    crit = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(EPOCHS):
        for images, labels in loader:
            images, labels = images.cuda(), labels.cuda()
            opt.zero_grad()
            crit(net(images), labels).backward()
            opt.step()
        print(f"epoch {epoch + 1}/{EPOCHS} done")


if __name__ == "__main__":
    from data import make_loader

    loader = make_loader()
    model = torchvision.models.resnet50().cuda()
    model = nn.parallel.DistributedDataParallel(model)
    t0 = time.perf_counter()
    train(model, loader)  # expect: WP103
    torch.cuda.synchronize()
    print(f"train time: {time.perf_counter() - t0:.1f} s")
