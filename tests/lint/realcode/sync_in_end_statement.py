"""The end read sits in a statement that waits before it reads the clock (audit 30): the first argument of the
log line, `loss.item()`, is evaluated before the rate's `time.perf_counter()` and waits for the backward and the
optimizer step queued on the same stream; an f-string formats each field in turn, so a device value formatted
before the read waits too. Reported: a wait evaluated after the read, or only on one path."""
import time

import torch

net = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10)).cuda()
opt = torch.optim.AdamW(net.parameters())
feed = [torch.randn(128, 256) for _ in range(20)]
net(feed[0].cuda()).sum().backward()
torch.cuda.synchronize()


def epoch_logged():
    for xb in feed:
        xb = xb.cuda(non_blocking=True)
        began = time.perf_counter()
        loss = net(xb).logsumexp(-1).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        print("loss={:.3f} samples/s={:.0f}".format(loss.item(), xb.shape[0] / (time.perf_counter() - began)))


def epoch_rate_then_loss():
    for xb in feed:
        xb = xb.cuda(non_blocking=True)
        began = time.perf_counter()
        loss = net(xb).logsumexp(-1).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        print("samples/s={:.0f} loss={:.3f}".format(xb.shape[0] / (time.perf_counter() - began), loss.item()))  # expect: WP102


def epoch_maybe_waits(verbose):
    for xb in feed:
        xb = xb.cuda(non_blocking=True)
        began = time.perf_counter()
        loss = net(xb).logsumexp(-1).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        print(verbose and loss.item(), time.perf_counter() - began)  # expect: WP102


def eval_logged():
    for xb in feed:
        xb = xb.cuda(non_blocking=True)
        began = time.perf_counter()
        acc = (net(xb).argmax(-1) == 0).float().mean()
        print(f"acc {acc:.3f} in {time.perf_counter() - began:.4f} s")  # the field before the read waits


def eval_logged_late():
    for xb in feed:
        xb = xb.cuda(non_blocking=True)
        began = time.perf_counter()
        acc = (net(xb).argmax(-1) == 0).float().mean()
        print(f"in {time.perf_counter() - began:.4f} s acc {acc:.3f}")  # expect: WP102
