"""Sixteenth session (optail) class: a training step that waits (`loss.item()`, or a helper of the file returning it)
after its backward pass, with only the update left queued before the end read: `optimizer.step()`,
`scheduler.step()`, `zero_grad()`, `scaler.step(opt)`/`scaler.update()`, gradient clipping, an EMA of the weights.
The loop waits there on every pass, so the next pass's wait drains the update: each step's sample is right in steady
state (shifted by one update) and the wall time of the whole loop misses one update out of N. Weak (`extra` only),
not a default WP102. The same shapes with a backward pass (or nothing that waits) left unwaited are in
optimizer_tail_bad.py."""

import time

import torch

model = torch.nn.Linear(512, 512).cuda()
ema = torch.nn.Linear(512, 512).cuda()
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
sched = torch.optim.lr_scheduler.StepLR(opt, 10)
scaler = torch.cuda.amp.GradScaler()
x = torch.randn(64, 512, device="cuda")
ACCUM = 4


def forward_backward(model, x):
    loss = model(x).square().mean()
    loss.backward()
    return loss.item()


@torch.no_grad()
def update_ema(ema, model, decay=0.999):
    for e, p in zip(ema.parameters(), model.parameters()):
        e.mul_(decay).add_(p, alpha=1 - decay)


def per_step_samples(steps):
    for step in range(steps):
        t0 = time.perf_counter()
        loss = model(x).square().mean()
        loss.backward()
        lv = loss.item()
        opt.step()
        sched.step()
        update_ema(ema, model)
        opt.zero_grad()
        step_ms = (time.perf_counter() - t0) * 1e3  # expect-extra: WP102
        print(f"step {step} loss {lv:.3f} {step_ms:.1f} ms")


def per_step_through_helper(steps):
    for step in range(steps):
        t0 = time.perf_counter()
        lv = forward_backward(model, x)
        opt.step()
        opt.zero_grad(set_to_none=True)
        step_ms = (time.perf_counter() - t0) * 1e3  # expect-extra: WP102
        print(f"step {step} loss {lv:.3f} {step_ms:.1f} ms")


def run_with_micro_batches(max_steps):
    t0 = time.perf_counter()
    step = 0
    while step < max_steps:
        opt.zero_grad(set_to_none=True)
        total = 0.0
        for micro in range(ACCUM):
            loss = model(x).square().mean()
            scaler.scale(loss / ACCUM).backward()
            total += loss.item() / ACCUM
        scaler.unscale_(opt)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(opt)
        scaler.update()
        step += 1
    train_s = time.perf_counter() - t0  # (nineteenth session: `scaler.step(opt)` reads found-inf on the host, a wait)
    print(f"trained {step} steps in {train_s:.1f} s")


per_step_samples(1000)
per_step_through_helper(1000)
run_with_micro_batches(1000)
