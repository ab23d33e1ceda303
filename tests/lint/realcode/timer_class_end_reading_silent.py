# The same timer class, the GPU work waited for before end() reads the clock.
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
torch.cuda.synchronize()
timer.end()
print(f"matmul: {timer.spent():.4f} s")
