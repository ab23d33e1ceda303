"""ImageNet-style training script (the shape of the classic PyTorch example), timing with AverageMeter."""
import argparse
import time

import torch
import torch.nn as nn
import torchvision


class AverageMeter:
    def __init__(self, name):
        self.name = name
        self.reset()

    def reset(self):
        self.val = 0.0
        self.avg = 0.0
        self.sum = 0.0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        maxk = max(topk)
        _, pred = output.topk(maxk, 1, True, True)
        correct = pred.t().eq(target.view(1, -1).expand_as(pred.t()))
        return [correct[:k].reshape(-1).float().sum(0) * 100.0 / target.size(0) for k in topk]


def train(train_loader, model, criterion, optimizer, epoch, print_freq=10):
    batch_time = AverageMeter("Time")
    data_time = AverageMeter("Data")
    losses = AverageMeter("Loss")
    top1 = AverageMeter("Acc@1")
    model.train()
    end = time.time()
    for i, (images, target) in enumerate(train_loader):
        data_time.update(time.time() - end)  # expect: WP106
        images = images.cuda(non_blocking=True)
        target = target.cuda(non_blocking=True)
        output = model(images)
        loss = criterion(output, target)
        acc1 = accuracy(output, target)[0]
        losses.update(loss.item(), images.size(0))  # the training run's own loss accounting: part of batch_time
        top1.update(acc1[0], images.size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        batch_time.update(time.time() - end)  # expect: WP106
        end = time.time()
        if i % print_freq == 0:
            print(f"Epoch {epoch} [{i}] time {batch_time.val:.3f} ({batch_time.avg:.3f}) loss {losses.avg:.4f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=1)
    args = parser.parse_args()
    model = torchvision.models.resnet50().cuda()
    criterion = nn.CrossEntropyLoss().cuda()
    optimizer = torch.optim.SGD(model.parameters(), 0.1, momentum=0.9)
    dataset = torchvision.datasets.FakeData(size=2560, transform=torchvision.transforms.ToTensor())
    loader = torch.utils.data.DataLoader(dataset, batch_size=256, num_workers=8, pin_memory=True)
    for epoch in range(args.epochs):
        train(loader, model, criterion, optimizer, epoch)


if __name__ == "__main__":
    main()
