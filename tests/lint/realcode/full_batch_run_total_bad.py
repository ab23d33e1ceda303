# A graph network trained full-batch on the graph the file loads (every step runs the model on the same whole-graph tensors) for the 200 epochs
# of the command line's default, timed as one total from its first step: each step takes milliseconds, so the first
# step's cuBLAS/cuSPARSE start-up and lazy kernel loading are a material share of the printed total.
import argparse
import time

import numpy as np
import torch
import torch.nn.functional as F

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=200)
args = parser.parse_args()



def load_data(path):
    data = np.load(path)
    return (torch.from_numpy(data["adj"]).to_sparse(), torch.from_numpy(data["features"]),
            torch.from_numpy(data["labels"]))


adj, features, labels = load_data("cora.npz")
features = features.cuda()
adj = adj.cuda()
labels = labels.cuda()


class GCN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = torch.nn.Linear(1433, 16)
        self.w2 = torch.nn.Linear(16, 7)

    def forward(self, x, a):
        return self.w2(torch.spmm(a, F.relu(self.w1(x))))


model = GCN().cuda()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)


def train(epoch):
    model.train()
    optimizer.zero_grad()
    output = model(features, adj)
    loss = F.cross_entropy(output, labels)
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())


t_total = time.time()
for epoch in range(args.epochs):
    train(epoch)  # expect: WP103
print("Total time elapsed: {:.4f}s".format(time.time() - t_total))
