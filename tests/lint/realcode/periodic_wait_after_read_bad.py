"""A throughput read every 20 steps (and at the first) from a clock started before the loop, in the logging block
whose loss.item() comes only after the reading: the first reading is one step's launch, the later ones miss the
steps since the last print, which were only queued."""
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
            elapsed = time.perf_counter() - t_start  # expect: WP102
            print(f"loss {loss.item():.4f} | {total / elapsed:,.0f} tok/s")
