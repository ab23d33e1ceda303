"""WP103 for cold starts the generic warmup analysis (``warmup_findings``, calls of the same callee) does not see.

- The script's first CUDA call inside a timed region (``torch.ones(n).cuda()``, ``x.to("cuda")``, a factory with
  ``device="cuda"``): it creates the CUDA context.

- The script's first CuPy call inside a timed region (``s = time.time(); x = cp.ones(...); sync; time.time() - s``):
  the first call creates the CUDA context and the memory pool, tens to hundreds of milliseconds that have nothing
  to do with the operation timed.
- The first elementwise operator on CuPy arrays (``c = a_gpu + b_gpu``, ``x_gpu *= 5``) inside a timed region:
  CuPy builds (or loads from its cache) the elementwise kernel of each operator on first use, one per kind of
  operand (an array, a Python number passed by value): ``x_gpu *= 5`` before the region does not warm ``x_gpu *=
  x_gpu`` in it. The region's first operator whose kernel did not run before it is reported. An element or slice of
  a CuPy array is a CuPy array (``b[i] += 1`` launches the add kernel; an element is a kernel kind of its own, CuPy
  specializing by the operands' dimensions), and a region in a sweep over written-out
  numbers (``for size in [1000, 10000]:``, one row each) runs the operator first in its first row.

- A GPU library handle created inside a timed region (``t = time(); h = cublas.cublasCreate(); <gemm>;
  cublas.cublasDestroy(h); t = time() - t``): the library's start-up (its kernels loaded, its workspace allocated)
  is timed with the one operation it serves (set 50, scikit-cuda). Any function, not in a loop of the region, when
  no other statement of the file creates a handle of that library and the region does not say it measures start-up.

Scripts only (the module body, ``if __name__ == "__main__":`` included): a function's caller may have done either
before calling it. A region all of whose array operators (with their kinds of operand) already ran before it is not
reported, nor one that says it measures the first call (``_times_first_call``)."""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._names import cupy_host_scalar
from .._walk import stmt_calls, stmt_nodes
from ._common import _times_first_call, end_to_end, is_library, mentions_warmup
from ._walk_calls import dali_on_gpu
from ._setup_interval import placement_only
from ._project_objects import project_call_opens_gpu

_LIB = ("cupy.", "cupyx.")
_GPU_INIT = ("cupy.", "cupyx.", "torch.cuda.", "numba.cuda.", "pycuda.")


def cold_array_uses(ctx: Context, skip: set[int]) -> list[tuple[ast.AST, str]]:
    """(node, message) for each region (not in ``skip``, the ids of regions already reported) that holds a cold CuPy
    use: the file's first CuPy call, or only first uses of elementwise operators on CuPy arrays."""
    if not ctx.uses_gpu or is_library(ctx):
        return []
    cupy = any(q.startswith(("cupy", "cupyx")) for q in ctx.imports.values())
    torch = any(q == "torch" or q.startswith("torch.") for q in ctx.imports.values())
    if not (cupy or torch):
        return []
    out: list[tuple[ast.AST, str]] = []
    for r in ctx.regions:
        if id(r) in skip or not isinstance(r.scope.node, ast.Module) or r.outer is not None or \
                mentions_warmup(ctx, r.scope) or _times_first_call(ctx, r) or placement_only(ctx, r):
            continue  # (a model's placement timed by itself: a one-off cost, the context's creation part of it)
        stmts = r.stmts()
        if _program_clock(ctx, r, stmts):
            continue
        first = _first_lib_call(ctx, stmts) if r.loop is None and cupy else None
        if first is not None and not _gpu_before(ctx, r):
            out.append((first, f"`{ctx.text(first)}` is the script's first CuPy call, timed (it creates the CUDA "
                                "context and the memory pool)"))
            continue
        first = _first_torch_cuda_call(ctx, stmts) if r.loop is None and torch else None
        if first is not None and not _gpu_before(ctx, r):
            out.append((first, f"`{ctx.text(first)}` is the script's first CUDA call, timed (it creates the CUDA "
                                "context)"))
            continue
        if not cupy:
            continue
        ops = [(n, k) for s in stmts for n, k in _array_ops(ctx, s)]
        if ops and (r.loop is None or _number_sweep(r.loop)):  # (a sweep's first row: its first use)
            seen = _ops_before(ctx, r)
            cold = [n for n, k in ops if not any(_same_kernel(k, w) for w in seen)]
            if cold:  # (`x *= 5` warm, `x *= x` and `x += x` new: an array operand is a kernel of its own)
                out.append((cold[0], f"`{_text(ctx, cold[0])}` is timed on the first use of its elementwise "
                                     "kernel (CuPy builds or loads it then)"))
    return out


def _number_sweep(loop: ast.stmt) -> bool:
    """A loop over written-out numbers (``for size in [1000, 10000, 100000]``): one sample per configuration, the first
    row's region runs each operator first (coldreach, twenty-third session)."""
    it = loop.iter if isinstance(loop, ast.For) else None
    return isinstance(it, (ast.List, ast.Tuple)) and len(it.elts) >= 2 and all(
        isinstance(e, ast.Constant) and isinstance(e.value, (int, float)) and not isinstance(e.value, bool)
        for e in it.elts)


def _same_kernel(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """One operator on operands of the same kinds (an operand of unknown kind matches any): the same kernel."""
    return a[0] == b[0] and all(x == y or "?" in (x, y) for x, y in zip(a[1:], b[1:]))


def _text(ctx: Context, n: ast.AST) -> str:
    return ctx.text(n) if isinstance(n, ast.expr) else ctx.text(n).strip()


def _first_lib_call(ctx: Context, stmts: list[ast.stmt]) -> ast.Call | None:
    for s in stmts:
        for c in stmt_calls(s):
            q = ctx.call_name(c) or ""
            if q.startswith(_LIB) and not q.startswith(("cupy.cuda.", "cupyx.profiler.")):
                return c
    return None


def _program_clock(ctx: Context, r, stmts: list[ast.stmt], runs: bool = True) -> bool:
    """A program's wall time rather than a benchmark: the region loops over data or trains, defines or imports
    things, or holds finer intervals of its own (``start`` at the top, ``Total time`` at the end)."""
    if (runs and end_to_end(ctx, r)) or any(isinstance(s, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef,
                                                ast.ClassDef)) for s in stmts):
        return True
    return any(o is not r and o.scope is r.scope and r.lo <= o.lo and o.hi <= r.hi for o in ctx.regions)


def _first_torch_cuda_call(ctx: Context, stmts: list[ast.stmt]) -> ast.Call | None:
    """The first call of the region that puts a torch tensor or module on the GPU (``.cuda()``,
    ``.to("cuda")``, ``torch.ones(..., device="cuda")``)."""
    for s in stmts:
        for c in stmt_calls(s):
            q = ctx.call_name(c) or ""
            if (ctx.method(c) in ("cuda", "to") or (q.startswith("torch.") and not q.startswith("torch.cuda.") and
                                                     any(k.arg == "device" for k in c.keywords))) and \
                    ctx.placement(c) == "cuda":
                return c
    return None


def _gpu_before(ctx: Context, r) -> bool:
    """Any GPU call (CuPy, ``torch.cuda``, a ``.cuda()`` copy, GPU work) before the region in the script: the
    context exists already."""
    for s in r.scope.stmts[:r.lo + 1]:
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
            continue
        for c in stmt_calls(s):
            q = ctx.call_name(c) or ""
            if q.startswith(_GPU_INIT) or ctx.method(c) in ("cuda", "to") or ctx.is_gpu_work(c) or \
                    (isinstance(c.func, ast.Name) and c.func.id in ctx.functions) or _library_gpu_use(ctx, c) or \
                    dali_on_gpu(ctx, c) or project_call_opens_gpu(ctx, c):
                return True  # (a call into the project's code whose body opens the GPU: `_project_objects`)
    return False



def _library_gpu_use(ctx: Context, c: ast.Call) -> bool:
    """A library call that uses the GPU without naming it at the call: a model loaded with ``device_map=`` onto
    the GPU, a library trainer's ``train()``/``fit(model)`` (``_trainer_runs``)."""
    from ._trainer_runs import trainer_run_call

    return trainer_run_call(ctx, c) or any(
        k.arg == "device_map" and not (isinstance(k.value, ast.Constant) and str(k.value.value).lower() in
                                       ("cpu", "none")) for k in c.keywords)


def _array_ops(ctx: Context, s: ast.stmt) -> list[tuple[ast.AST, tuple[str, ...]]]:
    """Elementwise operators on CuPy arrays evaluated by ``s``: (node, (operator name, kind of each operand)). CuPy
    builds a kernel per operator and per kind of operand: an array (``x *= x``) and a Python number (``x *= 5``,
    passed by value) are two kernels; an operand of another kind is ``"?"``."""
    out: list[tuple[ast.AST, tuple[str, ...]]] = []
    if isinstance(s, ast.AugAssign) and not isinstance(s.op, ast.MatMult) and _cupy(ctx, s.target):
        out.append((s, (type(s.op).__name__, _kind(ctx, s.target), _kind(ctx, s.value))))
    for n in stmt_nodes(s):
        if isinstance(n, ast.BinOp) and not isinstance(n.op, ast.MatMult) and \
                not isinstance(getattr(n, "_wp_parent", None), ast.BinOp) and \
                any(_cupy(ctx, x) for x in (n.left, n.right)):
            out.append((n, (type(n.op).__name__, _kind(ctx, n.left), _kind(ctx, n.right))))
    return out


def _kind(ctx: Context, x: ast.AST) -> str:
    if isinstance(x, ast.UnaryOp) and isinstance(x.op, ast.USub):
        x = x.operand
    if isinstance(x, ast.Constant) and isinstance(x.value, (int, float)) and not isinstance(x.value, bool):
        return "scalar"
    if isinstance(x, ast.Subscript) and _cupy(ctx, x):
        # CuPy specializes an elementwise kernel by its operands' number of dimensions: an element (`a[i]`, a 0-d
        # view of a 1-D array) is a kernel of its own, not the whole array's; a slice keeps dimensions the code
        # does not show (unknown: it matches any)
        return "?" if any(isinstance(n, ast.Slice) for n in ast.walk(x.slice)) else "indexed"
    return "array" if _cupy(ctx, x) else "?"


def _cupy(ctx: Context, x: ast.AST) -> bool:
    """A CuPy array (not a PyCUDA or Numba one): a ``cupy`` call, or a name every plain assignment of which is one
    (``x *= 5`` keeps it an array)."""
    if isinstance(x, ast.Call):
        return _cupy_call(ctx, x)
    if isinstance(x, ast.Subscript):
        return _cupy(ctx, x.value)  # `a_gpu[i]`, `a_gpu[1:-1]`: a view of a CuPy array is a CuPy array (an element
        # too: CuPy indexing returns a 0-d array, never a Python number), so `a_gpu[i] += 1` launches a kernel
    d = dotted(x)
    if d is None:
        return False
    values = [st.value for st in ctx.assign_stmts.get(d, []) if isinstance(st, ast.Assign)]
    return bool(values) and all(_cupy_call(ctx, v) for v in values)


def _cupy_call(ctx: Context, v: ast.AST) -> bool:
    q = ctx.call_name(v) if isinstance(v, ast.Call) else None
    return bool(q) and q.startswith(_LIB) and q not in ("cupy.asnumpy",) and not q.startswith("cupy.cuda.") and \
        not cupy_host_scalar(q)  # (`radius = cp.float64(2.0)`: NumPy's scalar; `radius ** 2` runs on the host)


def _ops_before(ctx: Context, r) -> set[tuple[str, ...]]:
    seen: set[tuple[str, ...]] = set()
    for s in r.scope.stmts[:r.lo]:
        seen.update(k for _, k in _array_ops(ctx, s))
    return seen


_HANDLE = re.compile(r"^(cublas|cublasLt|cusolverDn|cusolverSp|cusparse|cudnn|cutensor)Create$")


def handle_creations(ctx: Context) -> list[tuple[ast.Call, str]]:
    """(call, message) for each ``cublasCreate()`` (``cusolverDnCreate``, ``cudnnCreate``...) called in a timed
    region's own statements, outside its loops, when it is the only creation of that library's handle in the
    file (no handle made before, in a warm-up or elsewhere)."""
    if not ctx.uses_gpu:
        return []
    made: dict[str, list[ast.Call]] = {}
    for c in ctx.calls:
        name = (dotted(c.func) or "").rsplit(".", 1)[-1]
        if _HANDLE.match(name):
            made.setdefault(name, []).append(c)
    out: list[tuple[ast.Call, str]] = []
    if not made:
        return out
    for r in ctx.regions:
        if r.loop is not None or _times_first_call(ctx, r) or mentions_warmup(ctx, r.scope):
            continue
        for name, calls in made.items():
            inside = [c for c in calls if r.contains(c) and not r.in_loop(c)]
            if len(inside) == 1 and len(calls) == 1 and not getattr(inside[0]._wp_stmt, "_wp_loops", ()):
                out.append((inside[0], f"`{ctx.text(inside[0])}` creates the {name[:-6]} handle inside the timed "
                                       "region: the library's start-up is timed with its first operation"))
    return out
