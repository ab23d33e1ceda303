"""WP103, silent near single_epoch_module_constant_bad.py: the module's epoch count is set again from the command
line (`EPOCHS = args.epochs`), or the function binds the name itself (a parameter of its own): not known to be one
epoch, so the timed call is a training run's wall time."""

import argparse
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


def fit(net, loader, STEPS_EPOCHS):
    for epoch in range(STEPS_EPOCHS):
        for images, labels in loader:
            net(images.cuda()).sum().backward()


STEPS_EPOCHS = 1

if __name__ == "__main__":
    from data import make_loader

    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=10)
    args = ap.parse_args()
    EPOCHS = args.epochs
    loader = make_loader()
    model = torchvision.models.resnet50().cuda()
    t0 = time.perf_counter()
    train(model, loader)
    torch.cuda.synchronize()
    print(f"train time: {time.perf_counter() - t0:.1f} s")
    other = torchvision.models.resnet18().cuda()
    t0 = time.perf_counter()
    fit(other, loader, 20)
    torch.cuda.synchronize()
    print(f"fit time: {time.perf_counter() - t0:.1f} s")
