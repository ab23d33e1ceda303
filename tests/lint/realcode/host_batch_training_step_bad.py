"""A training throughput test with a synthetic batch: every timed step draws a 64x3x224x224 image batch on the
host and copies it to the GPU from pageable memory, so host RNG and the copy are timed as training."""
import time

import torch

device = "cuda"
batch = 64
model = torch.nn.Conv2d(3, 8, 3).to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

step = 0
t0 = time.time()
while step < 100:
    images = torch.rand(batch, 3, 224, 224).to(device)  # expect: WP104
    loss = model(images).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    step += 1
torch.cuda.synchronize()
print("images/s", 100 * batch / (time.time() - t0))
