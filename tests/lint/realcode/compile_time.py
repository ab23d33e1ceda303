"""Compilation timed on purpose, logged as such: no WP112, and the host clock around it is not WP102."""
import logging
import time

import torch

model = torch.compile(torch.nn.Linear(1024, 1024).cuda())
x = torch.randn(64, 1024, device="cuda")
compile_start = time.perf_counter()
model(x)
logging.info("Compile time: %.1f s", time.perf_counter() - compile_start)
