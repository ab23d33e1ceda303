"""Compilation timed on purpose, logged as such: no WP112, and the host clock around it is not WP102."""
import logging
import time

import torch

model = torch.compile(torch.nn.Linear(1024, 1024).cuda())
x = torch.randn(64, 1024, device="cuda")
compile_start = time.perf_counter()
model(x)
logging.info("Compile time: %.1f s", time.perf_counter() - compile_start)

net = torch.nn.Linear(1024, 1024).cuda()
torch.cuda.synchronize()
start_time = time.perf_counter()
net(x)  # the first batch, measured as such
torch.cuda.synchronize()
end_time = time.perf_counter()
first_batch = end_time - start_time
print(f"first batch {first_batch:.3f} s")
