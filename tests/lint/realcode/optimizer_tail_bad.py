"""Sixteenth session (optail) class, the findings that stay: a step that waits for nothing, a wait before the
backward pass (the unwaited tail is a whole backward), a wait only every N steps, a forward after the update, a
one-off step (nothing after it drains the update), and a backward pass after the micro-batch loop that waits. The
update-only tails of loops that wait every pass are in optimizer_tail_silent.py."""

import time

import torch

model = torch.nn.Linear(512, 512).cuda()
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
x = torch.randn(64, 512, device="cuda")


def nothing_waits(steps):
    for step in range(steps):
        t0 = time.perf_counter()
        loss = model(x).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        step_ms = (time.perf_counter() - t0) * 1e3  # expect: WP102
        print(f"step {step} {step_ms:.1f} ms")


def wait_before_backward(steps):
    for step in range(steps):
        t0 = time.perf_counter()
        loss = model(x).square().mean()
        lv = loss.item()
        loss.backward()
        opt.step()
        opt.zero_grad()
        step_ms = (time.perf_counter() - t0) * 1e3  # expect: WP102
        print(f"step {step} loss {lv:.3f} {step_ms:.1f} ms")


def wait_every_ten_steps(steps):
    for step in range(steps):
        t0 = time.perf_counter()
        loss = model(x).square().mean()
        loss.backward()
        if step % 10 == 0:
            print(loss.item())
        opt.step()
        opt.zero_grad()
        step_ms = (time.perf_counter() - t0) * 1e3  # expect: WP102
        print(f"step {step} {step_ms:.1f} ms")


def forward_after_update(steps):
    for step in range(steps):
        t0 = time.perf_counter()
        loss = model(x).square().mean()
        loss.backward()
        lv = loss.item()
        opt.step()
        opt.zero_grad()
        probe = model(x).sum()
        step_ms = (time.perf_counter() - t0) * 1e3  # expect: WP102
        print(f"step {step} loss {lv:.3f} {step_ms:.1f} ms {probe}")


def one_step():
    t0 = time.perf_counter()
    loss = model(x).square().mean()
    loss.backward()
    lv = loss.item()
    opt.step()
    opt.zero_grad()
    step_ms = (time.perf_counter() - t0) * 1e3  # expect: WP102
    print(f"loss {lv:.3f} {step_ms:.1f} ms")


def backward_after_micro_batches(steps):
    t0 = time.perf_counter()
    for step in range(steps):
        losses = []
        for micro in range(4):
            loss = model(x).square().mean()
            losses.append(loss)
            print(loss.item())
        torch.stack(losses).sum().backward()
        opt.step()
        opt.zero_grad()
    train_s = time.perf_counter() - t0  # expect: WP102
    print(f"{train_s:.1f} s")


for _ in range(3):
    one_step()
nothing_waits(1000)
wait_before_backward(1000)
wait_every_ten_steps(1000)
forward_after_update(1000)
one_step()
backward_after_micro_batches(1000)
