"""An epoch's wall time, labelled as such ("Time taken for epoch"): the step loop's checkpoint every N steps and
its validation belong to the epoch, so the figure includes them by definition."""
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
        print("Time taken for epoch {} is {} sec".format(epoch + 1, int(time.time() - start)))
