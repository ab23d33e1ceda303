"""The same logging block with the loss read before the clock: each reading waits for every step before it."""
import time

import torch


def train(model, optimizer, criterion, num_steps, batch, seq_len, vocab):
    model = model.cuda()
    total = 0
    t_start = time.perf_counter()
    for step in range(num_steps):
        src = torch.randint(0, vocab, (batch, seq_len), device="cuda")
        logits = model(src)
        loss = criterion(logits.view(-1, vocab), src.view(-1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += batch * seq_len
        if (step + 1) % 20 == 0 or step == 0:
            value = loss.item()
            elapsed = time.perf_counter() - t_start
            print(f"loss {value:.4f} | {total / elapsed:,.0f} tok/s")
