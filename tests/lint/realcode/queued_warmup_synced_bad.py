"""Near miss of queued_warmup_loop_silent.py: the warm-up ends with a synchronize, so the queue is empty when the
clock starts and the timed loop's unwaited tail is missed in full: reported."""
import time

import torch

model = torch.nn.Sequential(*[torch.nn.Conv2d(16, 16, 3, padding=1) for _ in range(8)]).cuda().eval()
x = torch.randn(1, 16, 256, 256, device="cuda")
with torch.no_grad():
    for i in range(200):
        y = model(x)
    torch.cuda.synchronize()

    start = time.time()
    for i in range(200):
        y = model(x)
    stop = time.time()  # expect: WP102
    print("fps:", 200 / (stop - start))
