"""Set 20 class: an epoch timer whose start and end reads both sit under the same condition (`if epoch >= 3:`
twice, to skip the first epochs) is a per-iteration interval, even when the loop synchronizes later in each iteration
(an evaluation with `.item()` after the end read): nothing waits for the training step before the end read. The
model and graph go to the GPU under `if args.gpu >= 0:`. Silent: the same timer around an evaluation that stores its
losses into a CPU tensor by index (a copy to the host waits for the device), and a clock restarted only under a
different condition than its end read."""
import argparse
import time

import torch


def evaluate(model, x):
    with torch.no_grad():
        return model(x).argmax(-1).eq(0).float().mean().item()


def validate(model, batches):
    losses = torch.zeros(len(batches))
    for k, b in enumerate(batches):
        losses[k] = model(b).square().mean()
    return losses.mean()


def main(args):
    x = torch.randn(64, 512)
    model = torch.nn.Linear(512, 512)
    if args.gpu >= 0:
        x = x.to(args.gpu)
        model.cuda()
    opt = torch.optim.Adam(model.parameters())
    dur = []
    for epoch in range(100):
        if epoch >= 3:
            t0 = time.time()
        loss = model(x).square().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch >= 3:
            dur.append(time.time() - t0)  # expect: WP102
        acc = evaluate(model, x)
        print(epoch, max(dur, default=0), loss.item(), acc)
        if epoch % 10 == 0:
            t1 = time.time()
            val = validate(model, [x, x])
            print("validation s:", time.time() - t1, float(val))


def loop_carried(model, x, n):
    t0 = time.time()
    for step in range(n):
        loss = model(x).square().mean()
        loss.backward()
        if step % 10 == 0:
            print(loss.item(), time.time() - t0)
        if step % 10 == 1:
            t0 = time.time()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpu", type=int, default=-1)
    main(parser.parse_args())
