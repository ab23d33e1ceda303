"""The same epoch window, labelled as training time, or divided into a rate: the checkpoint and validation the
step loop runs are counted as training."""
import time

import torch


def validate(model, loader):
    model.eval()
    with torch.no_grad():
        return sum(float(model(x).mean()) for x in loader)


def train(model, opt, loader, val_loader, epochs, checkpoint_interval):
    steps = 0
    for epoch in range(epochs):
        start = time.time()
        for x in loader:
            loss = model(x).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            if steps % checkpoint_interval == 0 and steps != 0:
                torch.save(model.state_dict(), f"ckpt_{steps}.pt")
                validate(model, val_loader)
                model.train()
            steps += 1
        print("Epoch {} training time {} sec".format(epoch + 1, int(time.time() - start)))  # expect: WP116


def train_rate(model, opt, loader, val_loader, epochs, checkpoint_interval):
    steps = 0
    for epoch in range(epochs):
        start = time.time()
        n = 0
        for x in loader:
            loss = model(x).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            n += x.shape[0]
            if steps % checkpoint_interval == 0 and steps != 0:
                torch.save(model.state_dict(), f"ckpt_{steps}.pt")
            steps += 1
        elapsed = time.time() - start  # expect: WP116
        print(f"Time taken for epoch {epoch}: {elapsed:.1f}s, {n / elapsed:.0f} samples/s")
