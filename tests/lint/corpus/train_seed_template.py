"""A GPT-style training loop timed the way many repos do it: sync before and after every step, host clock, mean.

(Held-out file: labelled before the linter was run on it; the rules were not tuned on it afterwards.)
"""
import math
import time

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


def get_lr(it, warmup_iters=100, max_iters=1000, lr=6e-4):
    if it < warmup_iters:
        return lr * it / warmup_iters
    return lr * 0.5 * (1 + math.cos(math.pi * (it - warmup_iters) / (max_iters - warmup_iters)))


def train(model, loader, max_iters=500, log_every=50):
    opt = torch.optim.AdamW(model.parameters(), lr=6e-4)
    scaler = torch.cuda.amp.GradScaler()
    step_times = []
    tokens_per_step = loader.batch_size * 1024
    it = 0
    for xb, yb in loader:
        xb, yb = xb.cuda(non_blocking=True), yb.cuda(non_blocking=True)
        for g in opt.param_groups:
            g["lr"] = get_lr(it)
        torch.cuda.synchronize()  # a whole training step (an optimizer step in it): the sync per step is right
        t0 = time.perf_counter()
        with torch.autocast("cuda", dtype=torch.bfloat16):
            logits = model(xb)
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), yb.view(-1))
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        opt.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        step_times.append(dt)
        if it % log_every == 0:
            print(f"iter {it}: loss {loss.item():.4f}, {dt * 1e3:.1f} ms, {tokens_per_step / dt:.0f} tok/s")
        it += 1
        if it >= max_iters:
            break
    avg = sum(step_times) / len(step_times)  # expect: WP105
    print(f"average step {avg * 1e3:.2f} ms, {tokens_per_step / avg:.0f} tok/s")


if __name__ == "__main__":
    vocab = 50304
    model = torch.nn.Sequential(torch.nn.Embedding(vocab, 768), torch.nn.Linear(768, vocab)).cuda()
    data = TensorDataset(torch.randint(0, vocab, (4096, 1024)), torch.randint(0, vocab, (4096, 1024)))
    train(model, DataLoader(data, batch_size=8, shuffle=True, pin_memory=True))
