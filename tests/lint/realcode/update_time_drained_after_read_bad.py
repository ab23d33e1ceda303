"""A per-update interval restarted after the log's `loss.item()` (which drains the device) and read right after the
last micro-batch's backward and the optimizer step are queued: the step's device work finishes between the end
reading and the restart, outside every interval (the waits on the token count are before each forward)."""
import time

import torch


def train(model, opt, loader, accum, pad_id, wandb):
    tokens_seen, tokens_before = 0, 0
    update_time = time.time()
    for step, batch in enumerate(loader):
        batch = batch.to("cuda")
        tokens_seen += (batch != pad_id).sum().item()
        loss = model(batch).mean()
        (loss / accum).backward()
        if (step + 1) % accum != 0:
            continue
        opt.step()
        opt.zero_grad()
        update_time = time.time() - update_time  # expect: WP102
        wandb.log({"loss": loss.item(), "throughput_tokens": (tokens_seen - tokens_before) / update_time})
        tokens_before = tokens_seen
        update_time = time.time()
