'''WP115 timeit-magic-on-gpu-work: an IPython `%timeit` or `%time` magic times GPU work without synchronizing.

## What it does
In a notebook, checks for `%timeit`, `%%timeit`, `%time` and `%%time` whose timed code does GPU work (a tensor op,
a matrix product `a @ b`, a model or kernel call, as in [WP102](#wp102-host-timer-on-gpu-work)) and contains no
device synchronization (`torch.cuda.synchronize()`, or a hidden one such as `.item()` or `print(tensor)`), where
the magic runs too few calls to fill the launch queue: `%time`/`%%time` (one call), and `%timeit`/`%%timeit` with
a loop count `-n` below 1,000. A `%timeit` whose loop count IPython picks itself (no `-n`), or `-n 1000` and more, is
weak evidence (shown with `extra`): IPython tries 1, 10, 100... calls until a try lasts 0.2 s, the queue is full
long before that, and every further launch waits for an earlier kernel, so the mean it prints is the per-call GPU
time (measured on an H200: 1.00-1.16x for ops from 7 µs to 1.7 ms, against 0.01-0.31x for `-n 10` or `-n 100` and
0.04-0.31x for `%time` of the ops of 0.17 ms and more; `benchmarks/timeit_without_sync.py`). Not when the function's
first call is in that first try: an autoranged `%timeit` with no synchronize over a callable compiled on its first
call (a Numba `@cuda.jit` kernel launch or `@vectorize(target='cuda')` ufunc given no signature, a `jax.jit`
function, a Triton kernel, a `torch.compile`d function) that no earlier cell or timing magic called is reported: the
compile makes the first try last more than 0.2 s, so IPython settles on 1 loop per run, and each of its runs times
one launch (measured on an H200 for a Triton kernel compiled on first use: 0.10 ± 0.11 of the GPU time per call,
1.06 with a synchronize in every loop). The same when the notebook's saved output shows it: an autoranged `%timeit`
that printed fewer than 1,000 loops per run (`148 µs ± 67.3 µs per loop (mean ± std. dev. of 7 runs, 1 loop each)`,
or the older `10 loops, best of 3: ...`) where a run of those loops lasts under 0.05 s, a fourth of the 0.2 s the try
that picked the count had to last: a first call slowed that try (a compile, an FFT plan, a library load), not the
runs, and each run times that many launches (one result line per `%timeit` of the cell, matched in order; else
not read). A synchronize written without its call (`cuda.synchronize`) is no
synchronize; a blocking copy back (`.copy_to_host()`, `.get()`, `block_until_ready()`) is one. The setup code of
`%%timeit` (on the magic's line) is not timed and not checked. A magic timing code the linter cannot read (a method
of an object whose class comes from a module it cannot find, a function of such a module handed the GPU model) is
weak: such a helper may copy its result back to the host, which waits.

## Why is this bad?
These magics read a host clock around the statement. CUDA launches are asynchronous: the call returns as soon as
the work is queued, so the clock measures the launch (microseconds), not the kernel. Only once the launch queue is
full (some hundreds of launches) does each further call wait for an earlier kernel; a run of fewer calls than that
(`%time`, `%timeit -n 10`) ends before most of its work has run, and its number can be a hundredth of the GPU time.

## Example
```python
a = torch.randn(4096, 4096, device="cuda")
%timeit a @ a
```

## Use instead
```python
import wprof
wprof.bench(lambda: a @ a)  # device time, warmed up, with its spread
```
or `triton.testing.do_bench(lambda: a @ a)`, or synchronize inside the timed statement (the figure then includes
one launch and one synchronize per call):
```python
%timeit a @ a; torch.cuda.synchronize()
```

## Fix safety
No automatic fix: choosing between a device-time benchmark and a synchronized host timing is the user's call.
'''

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._masks import mask_value
from .._notebook import TIMING_MAGICS, timed_code, timeit_number
from ._unseen_waits import unseen_call

CODE = "WP115"
NAME = "timeit-magic-on-gpu-work"
FIX = "none"

_HOST_CONVERSIONS = frozenset({"print", "float", "int", "bool", "str", "repr", "format", "list", "tuple", "len"})


def _parse(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError):
        return None  # options this rule does not know, or IPython syntax in the body: stay silent


def _nodes(tree: ast.AST) -> list[ast.AST]:
    """Nodes the timed code evaluates itself: not the bodies of lambdas or functions it only defines."""
    out, todo = [], [tree]
    while todo:
        n = todo.pop()
        out.append(n)
        if isinstance(n, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        todo.extend(reversed(list(ast.iter_child_nodes(n))))
    return sorted(out, key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))  # stable: parents first


def _may_sync(ctx: Context, nodes: list[ast.AST]) -> bool:
    """A synchronize (explicit or hidden), or a tensor turned into a host value (``print(y)``, ``if y > 0``)."""
    for n in nodes:
        if isinstance(n, ast.Call):
            if ctx.is_sync(n):
                return True
            if isinstance(n.func, ast.Name) and n.func.id in _HOST_CONVERSIONS and \
                    any(ctx.is_tensorish(a) or isinstance(a, (ast.Call, ast.BinOp, ast.Name)) for a in n.args):
                return True
        elif isinstance(n, ast.FormattedValue):
            return True  # an f-string of a value may print a tensor
        elif isinstance(n, (ast.If, ast.While, ast.Assert, ast.IfExp)):
            return True  # a branch on a tensor synchronizes; stay silent rather than guess
        elif isinstance(n, ast.Subscript) and (isinstance(n.slice, ast.Compare) or mask_value(ctx, n.slice)):
            return True  # `y[y > 0]`, `y[keep]`: a selection by a mask reads its count on the host
    return False


def _gpu_work(ctx: Context, nodes: list[ast.AST], line: int | None = None) -> ast.AST | None:
    host = _host_bound_here(ctx, nodes)
    for n in nodes:
        if isinstance(n, ast.BinOp) and any(isinstance(x, ast.Name) and x.id in host for x in (n.left, n.right)):
            continue  # `R = np.sum(m) / N; print(R * 4)`: `R` is the host value the timed code just made
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult):
            if _on_cpu(ctx, n):
                continue  # CPU tensors: the magic times host work, which is what it measures
            return n
        if isinstance(n, ast.BinOp) and ctx.is_array_op_on_gpu(n) and not _on_cpu(ctx, n):
            return n  # `%timeit x + y` on torch tensors on the GPU, `%timeit a * 2 + 1` on CuPy arrays
        if isinstance(n, ast.Call) and (ctx.is_gpu_work(n, fn_scope=True) or _file_function_on_gpu_data(ctx, n)):
            if line is not None and _moved_later(ctx, n, line):
                continue  # `%time meanshift(data)` in cell 40, `data = data.cuda()` in cell 64: host work then
            if line is not None and _rebound_to_host(ctx, n, line):
                continue  # `@cuda.jit def score` in one cell, `def score(a): numpy` in a later one: the NumPy one
            return n
    return None


def _only_host_copies(ctx: Context, nodes: list[ast.AST]) -> bool:
    """The timed code's only GPU work is blocking copies of host data to the device (``dev = cuda.to_device(host)``,
    ``torch.from_numpy(a).cuda()``): each returns once it is done, so nothing is left queued when the clock is read."""
    from .._waits import _blocking_host_copy, _inside

    host = frozenset(_host_bound_here(ctx, nodes))  # `grid = np.zeros(...)` in the timed code: host data there
    copies = [n for n in nodes if isinstance(n, ast.Call) and _blocking_host_copy(ctx, n, host)]
    if not copies:
        return False
    work = [n for n in nodes if _gpu_work(ctx, [n]) is not None]
    return all(any(w is c or _inside(w, c) for c in copies) for w in work)


def _host_bound_here(ctx: Context, nodes: list[ast.AST]) -> set[str]:
    """Names the timed code itself binds, every time, to a value shown to live on the host (``R = np.sum(m) / N``):
    in that code they are that value, whatever the notebook binds them to elsewhere (``R = gpu_reduce(d) / N``)."""
    vals: dict[str, list] = {}
    for n in nodes:
        if isinstance(n, ast.Assign):
            for t in n.targets:
                if isinstance(t, ast.Name):
                    vals.setdefault(t.id, []).append(n.value)
        elif isinstance(n, (ast.AugAssign, ast.AnnAssign)) and isinstance(n.target, ast.Name):
            vals.setdefault(n.target.id, []).append(None)
    return {k for k, vs in vals.items() if all(v is not None and ctx.placement(v) == "cpu" for v in vs)}


def _file_function_on_gpu_data(ctx: Context, call: ast.Call) -> bool:
    """``%timeit scale(x)`` where ``def scale(u): return u * 2`` and ``x`` lives on the GPU: a function of the
    notebook that computes on the GPU data it is handed (and does not wait for it itself)."""
    f = call.func
    if not (isinstance(f, ast.Name) and f.id in ctx.functions) or f.id in ctx._syncing_functions(True):
        return False
    return ctx._computes_on_gpu_args(ctx.functions[f.id], call)


def _rebound_to_host(ctx: Context, call: ast.Call, line: int) -> bool:
    """The called name is defined more than once in the notebook, and the definition in force at the magic (the last
    one before it, in cell order) is a plain function whose own body does no GPU work: the magic times that one
    (set 41: a `@cuda.jit` kernel redefined as a NumPy function under the same name two cells before `%%time`)."""
    from .._walk import stmt_nodes

    if not isinstance(call.func, ast.Name):
        return False
    defs = [st for st in ctx.tree.body if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and
            st.name == call.func.id]
    before = [d for d in defs if d.lineno < line]
    if len(defs) < 2 or not before or before[-1].decorator_list:
        return False
    scope = getattr(before[-1], "_wp_own_scope", None)
    return scope is not None and not any(ctx.gpu_work_in(stmt_nodes(st)) for st in scope.stmts)


def _moved_later(ctx: Context, call: ast.Call, line: int) -> bool:
    """The call's data arguments are names the notebook moves to the GPU only after the magic (``x = x.cuda()``,
    ``x = x.to(device)`` in a later cell) and never placed on the GPU before it: they are host data when the magic
    runs, whatever the code alone can tell of their first value."""
    operands = [a for a in [*call.args, *(k.value for k in call.keywords)] if isinstance(a, ast.Name)]
    if not operands or any(ctx.placement(a) == "cuda" for a in [*call.args, *(k.value for k in call.keywords)]):
        return False
    for a in operands:
        later = False
        for v in ctx.assigns.get(a.id, []):
            st = getattr(v, "_wp_stmt", None)
            at = st.lineno if st is not None else getattr(v, "lineno", 0)
            if at > line:
                later = later or (isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and
                                  v.func.attr in ("cuda", "to") and dotted(v.func.value) == a.id)
            elif ctx.placement(v) == "cuda":
                return False
        if not later:
            return False
    return True


def _contrasted(ctx: Context, m, tree: ast.Module) -> bool:
    """The next timing magic of the notebook times the same code again with a synchronize added and nothing else
    changed (``%time k[g, b](x)``, then ``%time k[g, b](x); cuda.synchronize()``): the unsynchronized figure is shown
    on purpose, as the wrong one of a pair (a teaching contrast), not taken for the GPU time. Weak: the first number
    is still printed."""
    later = sorted((m2 for m2 in ctx.magics if m2.name in TIMING_MAGICS and m2.line > m.line), key=lambda x: x.line)
    if not later:
        return False
    other = magic_tree(ctx, later[0])
    if other is None:
        return False

    def statements(t: ast.Module) -> tuple[list[str], int]:
        kept, syncs = [], 0
        for st in t.body:
            if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and ctx.is_sync(st.value):
                syncs += 1
            else:
                kept.append(ast.unparse(st))
        return kept, syncs

    mine, _ = statements(tree)
    theirs, syncs = statements(other)
    return bool(mine) and mine == theirs and syncs > 0


def _fills_queue(m) -> bool:
    """A ``%timeit`` that runs enough calls to fill the launch queue: its loop count left to IPython (1, 10, 100...
    until a try lasts 0.2 s; the tries run too) or ``-n`` of 1,000 and more. Its mean is then the per-call GPU time
    (benchmarks/timeit_without_sync.py), not the launch."""
    if m.name != "timeit":
        return False
    number = timeit_number(m.args)
    return number is None or number >= 1000


_SHOWN_MAX_LOOPS = 1000  # below, the runs do not fill the launch queue (as `-n` below 1,000)
_SHOWN_TRY_SHARE = 0.05  # seconds: a fourth of the 0.2 s a try must last for IPython to settle on its loop count


def _few_loops_shown(m) -> tuple[int, float] | None:
    """An autoranged ``%timeit`` whose saved output shows it settled on fewer than 1,000 loops per run although
    a run of that many loops lasts well under the 0.2 s that made IPython settle (``148 µs ± 67.3 µs per loop
    (mean ± std. dev. of 7 runs, 1 loop each)``): the try that picked the count was slowed by a one-time cost (a
    first call's compile, plan or library load), the runs were not, and with no synchronize they time launches.
    (loops, mean seconds per loop), else None. A count given with ``-n`` is read from the code, not the output."""
    if m.name != "timeit" or m.shown is None or timeit_number(m.args) is not None:
        return None
    loops, mean = m.shown
    return m.shown if loops < _SHOWN_MAX_LOOPS and loops * mean < _SHOWN_TRY_SHARE else None


def _seconds(t: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if t >= scale:
            return f"{t / scale:.3g} {unit}"
    return f"{t / 1e-9:.3g} ns"


def _on_cpu(ctx: Context, n: ast.BinOp) -> bool:
    """The magic's code is parsed on its own; its names are the program's, so look their placement up there."""
    places = []
    for side in (n.left, n.right):
        d = dotted(side)
        vals = ctx.assigns.get(d, []) if d else []
        places.append("cpu" if vals and all(ctx.placement(v) == "cpu" for v in vals) else None)
    return all(p == "cpu" for p in places)


def _anchor(ctx: Context, tree: ast.AST, line: int) -> None:
    """Place the magic's code in the program: its names are looked up as at the first module statement at or after
    the magic's line (notebook order: `x` made on the CPU in cell 3, timed in cell 4, moved to the GPU in cell 5 is
    a CPU tensor when cell 4 runs)."""
    import bisect

    body = ctx.scopes[0].stmts if ctx.scopes else []
    top = [st for st in body if not st._wp_loops and isinstance(getattr(st, "_wp_parent", None), ast.Module)]
    k = bisect.bisect_left([st.lineno for st in top], line)
    if k >= len(top):
        return
    anchor = top[k]
    for n in ast.walk(tree):
        if isinstance(n, (ast.Name, ast.Attribute)) and not hasattr(n, "_wp_stmt"):
            n._wp_stmt = anchor  # type: ignore[attr-defined]
        for child in ast.iter_child_nodes(n):  # `pipe(prompt).images[0]`: how a call's result is used
            if not hasattr(child, "_wp_parent"):
                child._wp_parent = n  # type: ignore[attr-defined]


def magic_tree(ctx: Context, m) -> ast.Module | None:
    """The code a timing magic ``m`` runs, parsed and anchored at the magic's line (None when it is empty or does
    not parse); kept alive with the context: its caches are keyed by id(node), and a freed tree's ids get reused."""
    tree = _parse(timed_code(m.kind, m.name, m.args, m.body))
    if tree is None or not tree.body:
        return None
    ctx.__dict__.setdefault("_magic_trees", []).append(tree)
    _anchor(ctx, tree, m.line)
    return tree



def timeit_trees(ctx: Context) -> list[tuple[object, ast.Module]]:
    """(magic, the code it runs parsed) for each ``%timeit``/``%%timeit`` magic of the file whose code parses; parsed
    once per file and shared by the rules that read the code of every loop."""
    trees = ctx.__dict__.get("_timeit_trees")
    if trees is None:
        trees = [(m, t) for m in ctx.magics if m.name == "timeit" and (t := magic_tree(ctx, m)) is not None]
        ctx.__dict__["_timeit_trees"] = trees
    return trees

def check(ctx: Context) -> None:
    if not ctx.uses_gpu or ctx.launch_blocking():  # CUDA_LAUNCH_BLOCKING=1: every launch waits for its kernel
        return
    from ._cold_time_magic import cold_autorange_magics

    cold = cold_autorange_magics(ctx)
    for m in ctx.magics:
        if m.name not in TIMING_MAGICS:
            continue
        tree = magic_tree(ctx, m)
        if tree is None:
            continue
        nodes = _nodes(tree)
        work = _gpu_work(ctx, nodes, m.line)
        if work is None or _may_sync(ctx, nodes) or _only_host_copies(ctx, nodes):
            continue
        compiled = cold.get(id(m))  # its first try compiles: IPython settles on 1 loop per run
        shown = _few_loops_shown(m) if compiled is None else None
        fills = _fills_queue(m) and compiled is None and shown is None
        weak = fills or unseen_call(ctx, work) or \
            _contrasted(ctx, m, tree)  # a helper it cannot read may copy its result back (a wait); a contrast
        if weak and not ctx._weak_ok:
            continue
        what = ast.unparse(work) if isinstance(work, ast.BinOp) else (dotted(work.func) or ast.unparse(work.func))
        magic = ("%%" if m.kind == "cell" else "%") + m.name
        claim = ("its mean is the GPU time only once the launch queue is full, and its last run's work is not waited "
                 "for" if fills else "measures the launch, not the GPU work")
        if compiled is not None:
            claim = (f"its first try compiles `{compiled}` (never called before), so IPython picks 1 loop per run and "
                     "each run times one launch, not the GPU work")
        elif shown is not None:
            loops, mean = shown
            claim = (f"its saved output shows {loops} loop{'s' if loops > 1 else ''} per run at {_seconds(mean)} a "
                     "loop, so the try that picked that count was slowed by a first call, and each run times "
                     f"{'one launch' if loops == 1 else f'{loops} launches'}, not the GPU work")
        ctx.report_at(m.line, m.col, m.line, m.end_col,
                      f"`{magic}` times `{what}` without synchronizing: {claim}" +
                      (" (weak evidence, shown with `extra`)" if weak else ""),
                      "Time it with `wprof.bench(lambda: ...)` or `triton.testing.do_bench`, or add "
                      "`torch.cuda.synchronize()` to the timed code")
