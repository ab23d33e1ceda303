"""Set 34 class, the variant that is reported: the copy of the subgraph is asked to be asynchronous
(`non_blocking=True`), so the end read may come while it is still queued."""
import time

import dgl
import dgl.nn as gnn
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.conv = gnn.GraphConv(width, width)

    def embed(self, graph, feats, device):
        sampler = dgl.dataloading.MultiLayerFullNeighborSampler(1)
        loader = dgl.dataloading.DataLoader(graph, torch.arange(graph.num_nodes()), sampler, batch_size=512)
        move_s = run_s = 0.0
        for src_ids, dst_ids, subgraphs in loader:
            t0 = time.time()
            sub = subgraphs[0]
            sub = sub.int().to(device, non_blocking=True)
            t1 = time.time()  # expect: WP102
            move_s += t1 - t0
            out = self.conv(sub, feats[src_ids].to(device))
            out.cpu()
            run_s += time.time() - t1
        print(f"graph to device {move_s:.3f}s, conv and copy back {run_s:.3f}s")



DEFAULT_DEVICE = "cuda"  # the training script hands the encoder this device
