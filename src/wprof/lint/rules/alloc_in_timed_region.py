'''WP104 alloc-in-timed-region: tensors are allocated inside the timed region.

## What it does
Checks for tensor factories (`torch.randn`, `torch.zeros`, `torch.empty`, `torch.tensor`, `*_like`,
`cupy.random.*`...) called between the start and end of a timed region, including inside a timed loop.

## Why is this bad?
The allocation (a caching-allocator lookup, or a `cudaMalloc` the first time), the fill kernel and, for
`torch.tensor(...)` from host data, a host-to-device copy are all timed with the work. In a kernel benchmark they
can cost more than the kernel; in a training loop synthetic inputs generated each step inflate the step time.

## Example
```python
start.record()
for _ in range(100):
    x = torch.randn(8192, 8192, device="cuda")
    y = x @ w
end.record()
```

## Use instead
```python
x = torch.randn(8192, 8192, device="cuda")
start.record()
for _ in range(100):
    y = x @ w
end.record()
```

## Fix safety
No automatic fix. If the allocation is part of the workload you mean to time, suppress with `# noqa: WP104`.
'''

from __future__ import annotations

from .._context import TORCH_FACTORIES, Context

CODE = "WP104"
NAME = "alloc-in-timed-region"
FIX = "none"
GROUP = "extra"  # opt-in: not decision-relevant on its own


def is_factory(q: str | None) -> bool:
    if not q:
        return False
    head, _, last = q.rpartition(".")
    if head in ("torch", "cupy", "cupy.random", "torch.cuda") and last in TORCH_FACTORIES:
        return True
    return head == "cupy.random" or q in ("cupy.asarray", "cupy.array")


def check(ctx: Context) -> None:
    seen: set[int] = set()
    for r in ctx.regions:
        for c in r.calls():
            q = ctx.call_name(c)
            if id(c) not in seen and is_factory(q):
                seen.add(id(c))
                ctx.report(c, f"`{ctx.text(c.func)}` allocates inside the timed region",
                           "Allocate inputs and outputs before the timed region")
