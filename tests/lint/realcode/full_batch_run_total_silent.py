# Near misses of a full-batch run's total: a network trained on mini-batches of the loaded data sliced per step
# (`features[idx]`: a run over the data, not the same tensors every step), and a full-batch run of 5000 epochs (a
# long run: the first step a small share). Both totals stay a run's wall time.
import time

import numpy as np
import torch
import torch.nn.functional as F


def load_data(path):
    data = np.load(path)
    return torch.from_numpy(data["features"]), torch.from_numpy(data["labels"])


EPOCHS = 200
features, labels = load_data("data.npz")
features = features.cuda()
labels = labels.cuda()
model = torch.nn.Sequential(torch.nn.Linear(1433, 16), torch.nn.ReLU(), torch.nn.Linear(16, 7)).cuda()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)

t_total = time.time()
for epoch in range(EPOCHS):
    idx = torch.randint(0, features.shape[0], (256,), device="cuda")
    x = features[idx]
    optimizer.zero_grad()
    loss = F.cross_entropy(model(x), labels[idx])
    loss.backward()
    optimizer.step()
torch.cuda.synchronize()
print("Total time elapsed: {:.4f}s".format(time.time() - t_total))

net = torch.nn.Sequential(torch.nn.Linear(1433, 64), torch.nn.ReLU(), torch.nn.Linear(64, 7)).cuda()
opt = torch.optim.Adam(net.parameters(), lr=0.01)
t_long = time.time()
for epoch in range(5000):
    opt.zero_grad()
    loss = F.nll_loss(net(features).log_softmax(1), labels)
    loss.backward()
    opt.step()
torch.cuda.synchronize()
print("Long run: {:.4f}s".format(time.time() - t_long))
