"""A training run timed end to end, its epoch function brought in by `from tools import *`: the run's wall clock
(the first epoch is part of the run), and the epoch function waits for its work before returning. Silent."""
import time

import torch

from tools import *  # noqa: F403

model = torch.nn.Linear(64, 1).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(32, 64, device="cuda"), torch.randn(32, 1, device="cuda")) for _ in range(10)]
start = time.time()
for epoch in range(5):
    fit_one_pass(model, batches, opt)  # noqa: F405
print(f"training took {time.time() - start:.1f} s")
