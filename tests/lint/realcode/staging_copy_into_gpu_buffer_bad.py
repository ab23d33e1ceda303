"""Set 47 class, the variant that is reported: the copy into the GPU buffer is asked to be asynchronous
(`non_blocking=True`), so the end read may come while the transfer is still queued."""
import time

import torch

ROWS, COLS = 4096, 1024

staging = torch.empty(ROWS, COLS, dtype=torch.bfloat16, device="cuda")
rates = []
for trial in range(8):
    host_rows = torch.rand(ROWS, COLS, dtype=torch.bfloat16)
    begin = time.perf_counter()
    staging.copy_(host_rows, non_blocking=True)
    took = time.perf_counter() - begin  # expect: WP102
    rates.append(host_rows.numel() * host_rows.element_size() / took / 1e9)
print("upload GB/s:", sorted(rates)[len(rates) // 2])
