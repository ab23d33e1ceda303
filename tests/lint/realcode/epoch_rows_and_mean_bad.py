# Five epochs of 25 synthetic steps each, each epoch's rate printed as its row and their mean printed as the total
# average: the rows show each epoch, but the mean still carries the cold first epoch (cuDNN/cuBLAS start-up, lazy
# kernel loading, the optimizer's state).
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
        benchmark_step(imgs, labels)  # expect: WP103
    torch.cuda.synchronize()
    dt = time.time() - t0
    imgs_sec.append(batch_size * num_iters / dt)
    print(f"Epoch {epoch:2d}: {imgs_sec[epoch]:.2f} images/sec")

print(f"Total average: {np.mean(imgs_sec):.2f} images/sec")
