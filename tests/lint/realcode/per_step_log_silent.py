import json

import torch
from torch.utils.data import DataLoader

from models import build_model
from data import SyntheticTokens
from timing import Timer


def main():
    net = build_model().cuda()
    optimizer = torch.optim.SGD(net.parameters(), lr=1e-3)
    for i, batch in enumerate(DataLoader(SyntheticTokens(), batch_size=4)):
        batch = {k: v.cuda() for k, v in batch.items()}
        with Timer() as tm:
            out = net(**batch).loss
            out.backward()
            optimizer.step()
            optimizer.zero_grad()
            torch.cuda.synchronize()
        row = {"iter": i, "ms": tm.elapsed * 1000, "loss": out.item()}
        print(json.dumps(row))
