# The same benchmark, the mean taken over the epochs after the first (its cold start left out of the average).
import time

import numpy as np
import torch
import torch.nn.functional as F
import torchvision

num_epochs = 5
num_iters = 25
batch_size = 64
model = torchvision.models.resnet50().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
data = [(torch.randn(batch_size, 3, 224, 224), torch.randint(0, 1000, (batch_size,))) for _ in range(num_iters)]


def benchmark_step(imgs, labels):
    optimizer.zero_grad()
    loss = F.cross_entropy(model(imgs.cuda()), labels.cuda())
    loss.backward()
    optimizer.step()


imgs_sec = []
for epoch in range(num_epochs):
    t0 = time.time()
    for imgs, labels in data:
        benchmark_step(imgs, labels)
    torch.cuda.synchronize()
    dt = time.time() - t0
    imgs_sec.append(batch_size * num_iters / dt)
    print(f"Epoch {epoch:2d}: {imgs_sec[epoch]:.2f} images/sec")

print(f"Total average: {np.mean(imgs_sec[1:]):.2f} images/sec")
