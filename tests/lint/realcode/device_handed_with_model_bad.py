"""Set 59 (lint80): a timing helper handed a model and the device to run it on, called once with "cpu" and once
with "cuda": the "cuda" call shows the helper's model runs on the GPU, so its unsynchronized per-batch intervals
measure launches (WP102, no longer weak for want of a callable shown on the GPU)."""
import time

import torch
from torch.utils.data import DataLoader, TensorDataset
from torchvision import models

loader = DataLoader(TensorDataset(torch.rand(512, 3, 224, 224), torch.zeros(512)), batch_size=64)
net = models.resnet18()
net.eval()


def timed_inference(model, batches, device):
    model = model.to(device)
    total = 0.0
    with torch.no_grad():
        for images, _ in batches:
            images = images.to(device)
            t0 = time.time()
            model(images)
            total += time.time() - t0  # expect: WP102
    return total


cpu_s = timed_inference(net, loader, "cpu")
gpu_s = timed_inference(net, loader, "cuda")  # expect: WP103
print(cpu_s, gpu_s)
