"""A GNN's forward pass timed up to the loss on the training split: the graph was moved to the GPU with its node
masks, and `logits[train_mask]` with a boolean split mask counts the selected rows on the host (a nonzero), which
waits for the forward pass; only the loss's small kernel follows it (near miss: `graph_split_mask_wait_bad.py`,
where the backward pass runs after the mask)."""
import time

import dgl.data
import torch
import torch.nn.functional as F
from dgl.nn import GraphConv


class Net(torch.nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.conv1 = GraphConv(n_in, n_hidden)
        self.conv2 = GraphConv(n_hidden, n_out)

    def forward(self, g, x):
        return self.conv2(g, F.relu(self.conv1(g, x)))


g = dgl.data.CoraGraphDataset()[0]
g = g.to("cuda")
feats = g.ndata["feat"]
labels = g.ndata["label"]
train_mask = g.ndata["train_mask"]
net = Net(feats.shape[1], 16, 7).cuda()
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
for epoch in range(100):
    t0 = time.time()
    logits = net(g, feats)
    loss = F.cross_entropy(logits[train_mask], labels[train_mask])
    print("forward", time.time() - t0)
    opt.zero_grad()
    loss.backward()
    opt.step()
