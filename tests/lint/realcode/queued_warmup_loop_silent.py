"""A timed loop of 200 forwards with no synchronize, right after 200 unwaited warm-up forwards of the same model
(held2prec, set 113 class): the launch queue is as full when the clock starts as when it stops, so the average is
off by a few forwards at most: weak, shown only with `extra`."""
import time

import torch

model = torch.nn.Sequential(*[torch.nn.Conv2d(16, 16, 3, padding=1) for _ in range(8)]).cuda().eval()
x = torch.randn(1, 16, 256, 256, device="cuda")
with torch.no_grad():
    for i in range(200):
        y = model(x)

    start = time.time()
    for i in range(200):
        y = model(x)
    stop = time.time()  # expect-extra: WP102
    print("fps:", 200 / (stop - start))
