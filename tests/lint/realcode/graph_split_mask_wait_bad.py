"""The same GNN step timed through the backward pass and the optimizer step: the split mask waits for the forward
pass, but the backward kernels and the update queued after it are still running when the clock is read (WP102).
The near miss (`graph_split_mask_wait_silent.py`) reads the clock right after the masked loss."""
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
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("step", time.time() - t0)  # expect: WP102
