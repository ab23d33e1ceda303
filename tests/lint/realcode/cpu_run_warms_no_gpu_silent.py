"""A CPU-vs-GPU comparison through one helper that moves the model to the device it is handed: the CPU run comes
first (host work, it warms nothing on the GPU and is no cold GPU call), then one untimed GPU batch warms the model
on the GPU before the timed GPU run."""
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
    gpu_net = net.to("cuda")
    with torch.no_grad():
        gpu_net(torch.rand(64, 3, 64, 64, device="cuda"))  # warm-up on the GPU
    torch.cuda.synchronize()
    gpu_s = infer_all(gpu_net, loader, "cuda")
    print(f"GPU: {gpu_s:.2f} s, speed-up {cpu_s / gpu_s:.1f}x")
