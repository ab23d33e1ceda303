"""Set 47 class: a host-timed `dst.copy_(src)` into a buffer made on the GPU from a CPU tensor made by a torch
factory, without `non_blocking=True`: torch copies and synchronizes the stream before it returns, so the host clock
after it times the transfer (silent). The bad variant asks for an asynchronous copy."""
import time

import torch

ROWS, COLS = 4096, 1024

staging = torch.empty(ROWS, COLS, dtype=torch.bfloat16, device="cuda")
rates = []
for trial in range(8):
    host_rows = torch.rand(ROWS, COLS, dtype=torch.bfloat16)
    begin = time.perf_counter()
    staging.copy_(host_rows)
    took = time.perf_counter() - begin
    rates.append(host_rows.numel() * host_rows.element_size() / took / 1e9)
print("upload GB/s:", sorted(rates)[len(rates) // 2])
