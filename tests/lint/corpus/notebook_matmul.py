# %% [markdown]
# Quick matmul timing, exported from a notebook.

# %%
import time

import torch

N = 8192
a = torch.zeros(N, N, device="cuda", dtype=torch.float16)  # expect: WP111
b = torch.zeros(N, N, device="cuda", dtype=torch.float16)  # expect: WP111

# %%
t = time.time()
c = a @ b  # expect: WP103
print("took", time.time() - t, "s")  # expect: WP102, WP106

# %%
start = torch.cuda.Event()  # expect: WP109
end = torch.cuda.Event()  # expect: WP109
start.record()
c = a @ b
end.record()
print(start.elapsed_time(end), "ms")   # expect: WP107

# %%
tflops = 2 * N**3 / (start.elapsed_time(end) * 1e-3) / 1e12  # expect: WP107
print(f"{tflops:.1f} TFLOP/s")

# %%
fast = torch.compile(lambda x, y: torch.relu(x @ y))
torch.cuda.synchronize()
t0 = time.perf_counter()
fast(a, b)  # expect: WP112
torch.cuda.synchronize()
print("compiled", time.perf_counter() - t0)
