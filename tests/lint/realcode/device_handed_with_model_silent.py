"""Set 59 (lint80), the correct neighbour of `device_handed_with_model_bad.py`: the same helper synchronizes before
each end reading; and a helper that only the CPU runs (its model not shown anywhere: weak, `extra` only)."""
import time

import torch
from torch.utils.data import DataLoader, TensorDataset
from torchvision import models

loader = DataLoader(TensorDataset(torch.rand(512, 3, 224, 224), torch.zeros(512)), batch_size=64)
net = models.resnet18()
net.eval()


def timed_inference(model, batches, device):
    model = model.to(device)
    model(next(iter(batches))[0].to(device))
    total = 0.0
    with torch.no_grad():
        for images, _ in batches:
            images = images.to(device)
            t0 = time.time()
            model(images)
            if device == "cuda":
                torch.cuda.synchronize()
            total += time.time() - t0
    return total


def host_inference(model, batches):
    total = 0.0
    with torch.no_grad():
        for images, _ in batches:
            t0 = time.time()
            model(images)
            total += time.time() - t0  # expect-extra: WP102
    return total


print(timed_inference(net, loader, "cpu"), timed_inference(net, loader, "cuda"), host_inference(net, loader))
