"""Near miss: the synthetic batch is drawn on the GPU (device=), and the small label vector drawn on the host is
cheap; nothing large is made on the host in the timed steps."""
import time

import torch

device = "cuda"
batch = 64
model = torch.nn.Conv2d(3, 8, 3).to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

for _ in range(3):  # warm-up steps
    model(torch.rand(batch, 3, 224, 224, device=device)).mean().backward()
    opt.step()
    opt.zero_grad()
torch.cuda.synchronize()
t0 = time.time()
for step in range(100):
    images = torch.rand(batch, 3, 224, 224, device=device)
    labels = torch.randint(0, 10, (batch,)).to(device)
    loss = model(images).mean() + labels.float().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
torch.cuda.synchronize()
print("images/s", 100 * batch / (time.time() - t0))
