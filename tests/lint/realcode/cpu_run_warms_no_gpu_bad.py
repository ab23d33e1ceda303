"""Nearby: no GPU warm-up after the CPU run: the GPU run's first batch is the model's first call on the GPU (the
CPU run before it warmed nothing there). The finding points at the GPU run, not at the CPU one."""
import time

import torch
from torch.utils.data import DataLoader, TensorDataset
from torchvision import models

loader = DataLoader(TensorDataset(torch.rand(512, 3, 64, 64), torch.zeros(512)), batch_size=64)
net = models.resnet18()
net.eval()


def infer_all(model, batches, device):
    model = model.to(device)
    spent = 0.0
    with torch.no_grad():
        for xb, _ in batches:
            xb = xb.to(device)
            if device == "cuda":
                torch.cuda.synchronize()  # expect-extra: WP101
            t0 = time.time()
            _ = model(xb)
            if device == "cuda":
                torch.cuda.synchronize()
            spent += time.time() - t0
    return spent


cpu_s = infer_all(net, loader, "cpu")
print(f"CPU: {cpu_s:.2f} s")
if torch.cuda.is_available():
    gpu_s = infer_all(net, loader, "cuda")  # expect: WP103
    print(f"GPU: {gpu_s:.2f} s, speed-up {cpu_s / gpu_s:.1f}x")
