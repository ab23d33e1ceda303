"""A loop whose every step begins with a blocking copy to the GPU (sets 27, 41, 44, judged borderline): the copy
returns once everything queued before it has run, so the previous step's work is waited for there. A per-step
interval that begins with the copy holds that previous step (each sample shifted by one step, their mean about
right), and a running clock read inside the loop misses only the step in flight; so does a per-step interval
that waits inside (a loss read on the host between the forward and the backward, set 29): weak, shown with `extra`
only."""

import time

import cv2
import torch
import torch.nn as nn

device = torch.device("cuda")
net = nn.Sequential(nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10)).to(device)
opt = torch.optim.AdamW(net.parameters())
batches = [(torch.randn(64, 512), torch.randint(0, 10, (64,))) for _ in range(500)]

step_s = []
for xb, yb in batches:
    t_begin = time.perf_counter()
    xb, yb = xb.to(device), yb.to(device)
    loss = nn.functional.cross_entropy(net(xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
    step_s.append(time.perf_counter() - t_begin)  # expect-extra: WP102
print("steps", step_s)

tokens = torch.randint(0, 512, (100_000,))
running = 0.0
for i in range(0, len(tokens) - 65, 64):
    t_step = time.perf_counter()
    xb = torch.nn.functional.one_hot(tokens[i:i + 64], 512).float().to(device)
    loss = net(xb).logsumexp(-1).mean()
    running += loss.item()  # the step waits here for its forward (and for the last step's backward)  # expect: WP114
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {i}: {time.perf_counter() - t_step:.4f} s, loss {running / (i + 1):.3f}")  # expect-extra: WP102

camera = cv2.VideoCapture("street.mp4")
clock0 = time.time()
seen = 0
while camera.isOpened():
    ok, frame = camera.read()
    if not ok:
        break
    seen += 1
    with torch.no_grad():
        logits = net(torch.from_numpy(frame).flatten(1)[:, :512].float().to(device))
    if seen % 50 == 0:
        print("images/s", seen * 64 / (time.time() - clock0))  # expect-extra: WP102
