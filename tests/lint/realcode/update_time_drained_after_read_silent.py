"""Near miss: the interval restarts only once per tick of many updates (the `continue` skips the reading, not the
optimizer step): a tick's wall time over many steps, off by one unwaited step of many."""
import time

import torch


def train(model, opt, loader, pad_id, steps_per_tick, log):
    tokens_seen, tick_start_step = 0, 0
    tick_start = time.time()
    for step, batch in enumerate(loader):
        batch = batch.to("cuda")
        tokens_seen += (batch != pad_id).sum().item()
        loss = model(batch).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        if step < tick_start_step + steps_per_tick:
            continue
        tick_end = time.time()
        log({"loss": loss.item(), "sec_per_tick": tick_end - tick_start})
        tick_start_step = step
        tick_start = time.time()
