# The same network trained on mini-batches sliced per step (`features[idx]`): a run over the data, whose steps are
# not all the same tensors; its total stays a run's wall time. (Also silent: a full-batch run of 5000 epochs.)
import time

import torch
import torch.nn.functional as F

EPOCHS = 200
features = torch.randn(20000, 1433).cuda()
labels = torch.randint(0, 7, (20000,)).cuda()
model = torch.nn.Sequential(torch.nn.Linear(1433, 16), torch.nn.ReLU(), torch.nn.Linear(16, 7)).cuda()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)

t_total = time.time()
for epoch in range(EPOCHS):
    idx = torch.randint(0, 20000, (256,), device="cuda")
    x = features[idx]
    optimizer.zero_grad()
    loss = F.cross_entropy(model(x), labels[idx])
    loss.backward()
    optimizer.step()
torch.cuda.synchronize()
print("Total time elapsed: {:.4f}s".format(time.time() - t_total))

t_long = time.time()
for epoch in range(5000):
    optimizer.zero_grad()
    loss = F.cross_entropy(model(features), labels)
    loss.backward()
    optimizer.step()
torch.cuda.synchronize()
print("Long run: {:.4f}s".format(time.time() - t_long))
