'''WP113 nvtx-range-as-timer: an NVTX range is timed with a host clock and taken as the GPU time of its work.

## What it does
Checks for host-clock intervals whose readings sit at the edges of an NVTX range (`range_push`/`range_pop`,
`nvtx.start_range`/`end_range`, `with nvtx.annotate(...)`, `with torch.cuda.nvtx.range(...)`), and for timer
context managers defined in the file that open an NVTX range and read a host clock, when no device
synchronization comes between the GPU work and the end reading.

## Why is this bad?
An NVTX range lives on the CPU thread that pushed it: it starts and ends when the host calls push and pop, and
kernels launched inside it run later, on the GPU. Its host duration (and a host clock read at its edges) is the
enqueue time, not the GPU time of the work it labels. nsys shows the GPU side as a projected range on the GPU row;
read that, or time the work with CUDA events.

## Example
```python
torch.cuda.nvtx.range_push("forward")
t0 = time.perf_counter()
out = model(x)
fwd_ms = (time.perf_counter() - t0) * 1e3
torch.cuda.nvtx.range_pop()
```

## Use instead
```python
torch.cuda.nvtx.range_push("forward")
start.record()
out = model(x)
end.record()
torch.cuda.nvtx.range_pop()
end.synchronize()
fwd_ms = start.elapsed_time(end)
```

## Fix safety
No automatic fix.
'''

from __future__ import annotations

from .._context import Context

CODE = "WP113"
NAME = "nvtx-range-as-timer"
FIX = "none"


def check(ctx: Context) -> None:
    if not ctx.uses_gpu or "nvtx" not in ctx.source:
        return
    for r in ctx.regions:
        if r.kind == "host" and r.nvtx and r.synced is False:
            what = f"`{r.timer}`" if r.timer else "Host clock"
            ctx.report(r.start, f"{what} times an NVTX range: measures the launch, not the GPU work",
                       "Time the range with CUDA events, or read its GPU time from nsys")
