'''WP111 zero-inputs: GPU work is timed on all-zero inputs.

## What it does
Checks for tensors created with `torch.zeros` / `torch.zeros_like` (or `cupy.zeros`), or with `torch.empty` /
`torch.empty_like` (uninitialized: fresh device memory is mostly zeros, else leftover bytes), never written afterwards, and
passed as inputs to GPU work inside a timed region (an operand of `@`, or an argument of an op or model call, a
model of an inference library such as an ultralytics detector's `model.predict(img)` included: an all-zero image
has no detections, and the post-processing takes its empty fast path).
Names that read as outputs or state (`out`, `buf`, `acc`, `grad`, `mask`, `bias`, `labels`...), tensors passed as
`out=`, filled in place (`x.normal_()`, `x[...] = ...`, also through a view: `x.data.normal_()`, `x[:n].uniform_()`,
`x.view(-1).copy_(src)`), written by a library call that writes its first argument (`cp.copyto(x, src)`) or by a
function of the file that fills its parameter, handed to a kernel launch, or handed to an extension's function or a
project helper whose result is dropped (`ext.decode(q, kv, o)`, `load_weights_into(w, path)` as a statement: it
writes them) are not reported.

## Why is this bad?
Zeros are not representative data. The GPU draws less power multiplying zeros (fewer bits toggle), so clocks stay
higher than with real data and a power-bound matmul looks faster than it will be; sparsity-aware or
value-dependent paths (early exits, denormals, compression, NaN checks) take their fast path. The benchmark
measures a case your workload never hits.

## Example
```python
a = torch.zeros(8192, 8192, device="cuda", dtype=torch.bfloat16)
b = torch.zeros(8192, 8192, device="cuda", dtype=torch.bfloat16)
start.record()
c = a @ b
end.record()
```

## Use instead
```python
a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
b = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
```

## Fix safety
No automatic fix: the right distribution depends on the workload.
'''

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._walk import stmt_nodes
from ._buffer_writes import written_elsewhere

CODE = "WP111"
NAME = "zero-inputs"
FIX = "none"
GROUP = "extra"  # opt-in since the tenth session: fresh default verdicts of sets 34-49, 1 true, 3 false (dense layers
# run as fast on zeros; the rule is right only for value-dependent work)
_ZEROS = {"torch.zeros", "torch.zeros_like", "cupy.zeros", "cupy.zeros_like", "torch.cuda.zeros"}
# never-written allocations: fresh device memory is mostly zeros (or leftover bytes, NaNs and denormals included)
_EMPTIES = {"torch.empty", "torch.empty_like", "cupy.empty", "cupy.empty_like"}
_OUTPUTISH = re.compile(
    r"(?i)(^|_)(out|outs|output|outputs|res|result|results|dst|buf|buffer|acc|accum|grad|grads|cache|state|states"
    r"|mask|bias|labels?|targets?|counts?|hist|total|zeros?|h|c|hidden|memory|pad|padding)(_|\d|$)")


_MOVES = frozenset({"send", "recv", "isend", "irecv", "broadcast", "reduce", "gather", "scatter", "all_reduce",
                    "all_gather",
                    "all_gather_into_tensor", "reduce_scatter", "reduce_scatter_tensor", "all_to_all",
                    "all_to_all_single", "copy_", "clone"})


# collectives of torch.distributed that write their first tensor argument (the output, or the buffer updated in place)
_COLLECTIVE_WRITES = frozenset({"scatter", "broadcast", "recv", "irecv", "all_reduce", "reduce",
                                "all_gather_into_tensor", "reduce_scatter_tensor", "reduce_scatter",
                                "all_to_all_single", "_all_gather_base", "_reduce_scatter_base"})
_VIEWS = frozenset({"from_torch", "from_dlpack", "to_dlpack", "to_torch", "from_numpy", "as_tensor"})


def _zero_call(ctx: Context, v: ast.AST) -> ast.Call | None:
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in ("to", "cuda", "half",
                                                                                          "bfloat16", "float"):
        v = v.func.value
    if isinstance(v, ast.Call) and (ctx.call_name(v) in _ZEROS or ctx.call_name(v) in _EMPTIES):
        return v
    return None


def _written(ctx: Context, name: str) -> bool:
    for c in ctx.calls:
        if isinstance(c.func, ast.Attribute) and dotted(c.func.value) == name and c.func.attr.endswith("_"):
            return True  # x.normal_(), x.copy_(...)
        if isinstance(c.func, ast.Subscript) and any(dotted(a) == name for a in c.args):
            return True  # a kernel launch may write it
        if any(kw.arg == "out" and dotted(kw.value) == name for kw in c.keywords):
            return True
        q = ctx.call_name(c) or ""
        if q.startswith("torch.nn.init.") and c.args and dotted(c.args[0]) == name:
            return True
        if q.startswith("torch.distributed.") and q.rsplit(".", 1)[-1] in _COLLECTIVE_WRITES and \
                (c.args and dotted(c.args[0]) == name or
                 any(kw.arg in ("tensor", "output", "output_tensor") and dotted(kw.value) == name for kw in c.keywords)):
            return True  # `dist.scatter(x, scatter_list=..., src=0)`: the collective fills its output buffer
    for scope in ctx.scopes:
        for s in scope.stmts:
            if isinstance(s, ast.AugAssign) and (dotted(s.target) == name or (
                    isinstance(s.target, ast.Subscript) and dotted(s.target.value) == name)):
                return True  # a counter: `nans[rank] += count(...)` (set 20)
            if isinstance(s, ast.Assign) and any(isinstance(t, ast.Subscript) and dotted(t.value) == name
                                                 for t in s.targets):
                return True
    return written_elsewhere(ctx, name)  # through a view, a library call, a function of the file, a helper


def check(ctx: Context) -> None:
    if "zeros" not in ctx.source and "empty" not in ctx.source:
        return
    candidates: dict[str, ast.Call] = {}
    for name, values in ctx.assigns.items():
        calls = [_zero_call(ctx, v) for v in values]
        if calls and all(calls) and not _OUTPUTISH.search(name.rsplit(".", 1)[-1]):
            candidates[name] = calls[0]  # type: ignore[assignment]
    if not candidates:
        return
    reported: set[str] = set()
    for r in ctx.regions:
        for s in r.stmts():
            for n in stmt_nodes(s):
                used = _inputs(ctx, n)
                for name in used:
                    if name in candidates and ctx.call_name(candidates[name]) in _EMPTIES and \
                            isinstance(n, ast.Call) and (isinstance(getattr(n, "_wp_parent", None), ast.Expr) or
                                                         not all(u in candidates for u in used)):
                        continue  # `topk(logits, weights, ids)`: fills its empty buffers; an empty one is an input
                        # only when the call returns its result and every tensor it is handed is such a buffer
                    if name in candidates and _fills_buffers(ctx, n, used, candidates):
                        continue
                    if name in candidates and name not in reported and not _written(ctx, name):
                        reported.add(name)
                        site = _binding_in(ctx, name, r.scope) or candidates[name]
                        empty = ctx.call_name(site) in _EMPTIES
                        what = "never written (`torch.empty`: zeros or leftover bytes)" if empty else "all zeros"
                        ctx.report(site, f"Timed input `{name}` is {what}",
                                   "Fill inputs with random values (`torch.randn`, `torch.rand`)")


_ARRAY_LIBS = ("torch", "numpy", "cupy", "cupyx", "jax", "triton", "scipy", "tensorflow", "paddle", "mlx")


def _fills_buffers(ctx: Context, n: ast.AST, used: list[str], candidates: dict) -> bool:
    """``ext.mla_run(q, kv, o)`` as a statement: a function of an imported extension module (not an array library)
    whose result is dropped writes its results into the buffers it is handed, so a zero-filled one among real
    inputs, or the only one it is handed, is an output, not an input."""
    if not (isinstance(n, ast.Call) and isinstance(getattr(n, "_wp_parent", None), ast.Expr) and
            isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) and
            n.func.value.id in ctx.imports):
        return False
    if (ctx.call_name(n) or "").split(".", 1)[0] in _ARRAY_LIBS:
        return False
    return len(used) == 1 or not all(u in candidates for u in used)


def _binding_in(ctx: Context, name: str, scope: object) -> ast.Call | None:
    """The zero-filled binding of ``name`` in the scope of the timed region (not one in another function)."""
    for v in ctx.assigns.get(name, []):
        if getattr(getattr(v, "_wp_stmt", None), "_wp_scope", None) is scope:
            return _zero_call(ctx, v)
    return None


def _inputs(ctx: Context, n: ast.AST) -> list[str]:
    if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.MatMult, ast.Mult, ast.Add)):
        return [d for d in (dotted(n.left), dotted(n.right)) if d]
    if isinstance(n, ast.Call) and not isinstance(n.func, ast.Subscript) and \
            (ctx.is_gpu_work(n) or ctx.returns_host_objects(n)):  # a YOLO's `model.predict(img)` runs the model
        if (ctx.call_name(n) or ctx.method(n) or "").rsplit(".", 1)[-1] in _MOVES:
            return []  # moving bytes (a send, an all-reduce, a copy) takes as long for zeros as for anything
        if (ctx.call_name(n) or "").endswith("_like"):
            return []  # torch.empty_like(ids): reads the shape, not the values
        if (ctx.call_name(n) or ctx.method(n) or "").rsplit(".", 1)[-1] in _VIEWS:
            return []  # wp.from_torch(x), from_dlpack(x): a view of the same memory, no value read
        names = [d for a in n.args if (d := dotted(a))]
        if isinstance(n.func, ast.Attribute) and not n.func.attr.endswith("_"):
            recv = dotted(n.func.value)
            if recv:
                names.append(recv)
        return names
    return []
