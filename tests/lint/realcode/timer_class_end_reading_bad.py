# A timer class whose end() stores its own clock reading (as start() does): the span from start() to end() is a
# timed region, and the GPU work in it is never waited for.
import time

import torch


class Timer:
    def __init__(self):
        self.start_time = 0.0
        self.end_time = 0.0

    def start(self):
        self.start_time = time.time()

    def end(self):
        self.end_time = time.time()

    def spent(self):
        return self.end_time - self.start_time


x = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    y = x @ x
torch.cuda.synchronize()
timer = Timer()
timer.start()
y = x @ x
timer.end()  # expect: WP102
print(f"matmul: {timer.spent():.4f} s")
