"""SIGTERM inside a Gauge window in events mode (CUDA): the result is written, then the script dies of signal 15.

Run by `scripts/gpu-check.sh sigterm`; the step checks the exit status (143 from bash: killed by SIGTERM), that
"ran on" is never printed, and the result file's status and reason.
"""
import os
import signal

import torch

import wprof

x = torch.randn(2048, 2048, device="cuda")
g = wprof.Gauge(range(200), warmup=5, iters=100, name="sigterm", out_dir=os.environ["OUT"], log_interval=0)
for i in g:
    y = x @ x
    if i == 40:
        os.kill(os.getpid(), signal.SIGTERM)
print("ran on")
