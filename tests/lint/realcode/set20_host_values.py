"""Set 20 classes. `sched.step(loss)` of a `ReduceLROnPlateau` calls `float(loss)`: a copy to the host, so the end
read after it is synchronized (WP102 silent). A decode loop that branches on what an imported helper returns for the
model's logits (`new_token = sample(logits)`; `if is_end_token(new_token): break`) waits for the device every step
there: after the step's last GPU work, that synchronizes the end read (silent since lint8; weak before)."""

import time

import torch
from sample import sample

model = torch.nn.Linear(512, 512).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt)
x = torch.randn(64, 512, device="cuda")
model(x)

for epoch in range(3):
    tic = time.time()
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    sched.step(loss)
    print(epoch, time.time() - tic)


def decode(tokens, cap, is_end_token):
    model(x)
    t0 = time.perf_counter()
    while len(tokens) < cap:
        logits = model(x)
        new_token = sample(logits)
        if is_end_token(new_token):
            break
        tokens.append(new_token)
    return time.perf_counter() - t0
