"""A memory report defined above the training loop but called only after the model is on the device and trained
(set 34): the report's `torch.cuda.max_memory_allocated()` is not the program's first GPU call (and an allocator
statistics query does not create the CUDA context anyway). No WP103."""
import argparse
import time

import torch
import torch.nn as nn

from graph_model import Sage


def report(model, x):
    model.eval()
    with torch.no_grad():
        t = time.time()
        print("peak:", torch.cuda.max_memory_allocated() / 2**20, "MB")
        y = model.inference(x, 64).cpu()
        print("peak:", torch.cuda.max_memory_allocated() / 2**20, "MB")
        print("eval s:", time.time() - t)
    model.train()
    return y


def train(args, device):
    model = Sage(256, 256).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(64, 256).to(device)
    for epoch in range(args.epochs):
        loss = model(x).square().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 5 == 4:
            out = report(model, x)
            print(out.sum().item())


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--gpu", type=int, default=0)
    p.add_argument("--epochs", type=int, default=20)
    args = p.parse_args()
    device = torch.device("cuda:%d" % args.gpu) if args.gpu >= 0 else torch.device("cpu")
    train(args, device)
