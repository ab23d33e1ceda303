"""The caching allocator emptied where the timed work allocates (WP104): every flush below hands the cached blocks back
to the driver, so the next timed sample's outputs and activations go through `cudaMalloc` inside its interval.
Three shapes: a flush after each event-timed sample of a decoder step (the next sample pays), a CuPy pool emptied
in a helper called just before each host-timed sample, and a flush right before a single timed prefill. Each one
follows a warm-up run of the same work, which the flush undoes: default since the sixteenth session (allocs)."""
import time

import cupy as cp
import torch

dec = torch.nn.TransformerDecoderLayer(1024, 16).cuda().eval()
tgt = torch.randn(64, 8, 1024, device="cuda")
mem = torch.randn(256, 8, 1024, device="cuda")
for _ in range(5):
    dec(tgt, mem)
torch.cuda.synchronize()

lat_ms = []
for _ in range(20):
    begin = torch.cuda.Event(enable_timing=True)
    finish = torch.cuda.Event(enable_timing=True)
    begin.record()
    with torch.no_grad():
        out = dec(tgt, mem)
    finish.record()
    finish.synchronize()
    lat_ms.append(begin.elapsed_time(finish))
    del out
    torch.cuda.empty_cache()  # expect: WP104
print("median", sorted(lat_ms)[len(lat_ms) // 2], "min", min(lat_ms))


def release_pool():
    cp.get_default_memory_pool().free_all_blocks()


a = cp.random.random((4096, 4096), dtype=cp.float32)
b = cp.random.random((4096, 4096), dtype=cp.float32)
cp.matmul(a, b)
cp.cuda.Device().synchronize()
secs = []
for _ in range(10):
    release_pool()  # expect: WP104
    t0 = time.perf_counter()
    c = cp.matmul(a, b) + 1.0
    cp.cuda.Device().synchronize()
    secs.append(time.perf_counter() - t0)
print("matmul s: min", min(secs), "max", max(secs))


def prefill_ms(model, ids):
    with torch.no_grad():
        model(ids)
    torch.cuda.synchronize()
    torch.cuda.empty_cache()  # expect: WP104
    torch.cuda.reset_peak_memory_stats()
    t0 = time.perf_counter()
    with torch.no_grad():
        logits = model(ids)
    torch.cuda.synchronize()
    elapsed = (time.perf_counter() - t0) * 1e3
    return elapsed, logits.shape, torch.cuda.max_memory_allocated()


enc = torch.nn.TransformerEncoderLayer(2048, 16).cuda().eval()
ids = torch.randn(512, 4, 2048, device="cuda")
print(prefill_ms(enc, ids))
