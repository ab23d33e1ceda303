"""What a timed number is for, read from the code: the one model WP104, WP114 (and the rules that judge a distortion
of a measurement) consult before they call something inside a timed region a distortion.

A cost inside a timed region distorts the number only when the number is not meant to include it. The code says
what its number means in two ways this module reads:

- **a whole run** (:func:`whole_run`): the number is labelled as a total of a whole program, pipeline or round trip
  (``"total time"``, ``"end-to-end"``, ``"overall"``, ``"e2e"``, ``"brutto"``, ``"CPU -> GPU -> CPU"``), in the name
  of its interval, of its sample list or of the function that holds it, in the label handed to its timer, or in the
  string printed or stored with it (the print that reads the interval's name or subtracts the region's readings;
  not one that subtracts a reading from another clock read, such as a "total" of a longer interval sharing the start);
  or it is a since-start clock: read first in its module (or ``main``), before any work, so the program's whole
  setup is meant to be inside. A "total" divided by a count of runs is a per-run figure, and a sample of a loop's
  many is never a whole run. Allocation, host-to-device copies and first calls are part of such a number.
- **a training run** (:func:`training_run`): the region runs an optimizer step (``opt.step()``, ``scaler.step(opt)``),
  directly or in a function of the file it calls: an epoch or step time is
  meant to include what the step really does, the loss ``.item()`` it logs and the noise or label tensors it draws.

Each answer rests on what the code shows (a label, a call), never on a guess about intent.
"""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._walk import stmt_nodes

_WHOLE = re.compile(r"(?i)(\btotal|\boverall\b|\bend[-_ ]?to[-_ ]?end\b|\be2e\b|\bbrutto\b|\bgross\b|\bwhole\b|"
                    r"\bentire\b|\bround[-_ ]?trip|->\s*(gpu|cpu|device|host)\b|\bincl(uding|udes|\.)?\b|"
                    r"\bprogram\b)")
_LOG_CALLS = frozenset({"print", "log", "info", "debug", "warning", "write", "add_scalar", "set_postfix",
                        "set_description"})


def _split(name: str) -> str:
    """``totalTime``/``total_time``/``t_total`` as words: ``total time``."""
    return re.sub(r"[_\W]+", " ", re.sub(r"([a-z])([A-Z])", r"\1 \2", name)).strip()


def _interval_names(r) -> list[str]:
    st = r.interval
    out: list[str] = []
    if isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        for t in targets:
            out += [n.attr if isinstance(n, ast.Attribute) else n.id for n in ast.walk(t)
                    if isinstance(n, (ast.Name, ast.Attribute))]
            out += [n.value for n in ast.walk(t) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return out


def _reading_names(r) -> set[str]:
    """The names the region's two readings are bound to (``t0``/``t1``) and the interval's name."""
    names: set[str] = set()
    for st in (r.scope.stmts[r.lo], r.scope.stmts[r.hi] if r.hi < len(r.scope.stmts) else None):
        if isinstance(st, ast.Assign):
            names.update(n.id for t in st.targets for n in ast.walk(t) if isinstance(n, ast.Name))
    st = r.interval
    if isinstance(st, ast.Assign):
        names.update(n.id for t in st.targets for n in ast.walk(t) if isinstance(n, ast.Name))
    elif isinstance(st, (ast.AugAssign, ast.AnnAssign)) and isinstance(st.target, ast.Name):
        names.add(st.target.id)
    return names


def labels(ctx: Context, r) -> list[str]:
    """What the code calls the region's number: the function that holds it, the interval's and the sample list's
    names, the strings handed to its timer, and the strings of a print or log call (or a store into a dict) after the
    region that reads the interval (its name, or the subtraction of the two readings)."""
    cache = ctx.__dict__.setdefault("_wp_number_labels", {})
    key = id(r)
    if key in cache:
        return cache[key]
    out = [_split(getattr(r.scope.node, "name", "") or ""), _split(r.samples or "")]
    out += [_split(n) for n in _interval_names(r)]
    if r.timer and isinstance(r.start, ast.Call):
        out += [a.value for a in ast.walk(r.start) if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    readings = _reading_names(r) - {""}
    after = r.scope.stmts[r.hi:r.hi + 25] if readings else []
    for st in after:
        for c in (n for n in stmt_nodes(st) if isinstance(n, ast.Call)):
            name = (dotted(c.func) or "").rsplit(".", 1)[-1]
            if name not in _LOG_CALLS:
                continue
            if not any(isinstance(n, ast.Name) and n.id in readings for n in ast.walk(c)):
                continue
            if _other_interval(c, readings):
                continue  # `print("Total time", t3 - t1)` after `print("Dot time", t2 - t1)`: the longer interval
                # sharing this region's start is another number, with its own label
            out += [n.value for n in ast.walk(c) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        if isinstance(st, ast.Assign) and any(isinstance(n, ast.Name) and n.id in readings
                                              for n in ast.walk(st.value)):
            out += [n.value for t in st.targets for n in ast.walk(t)  # `results["total_ms"] = (t1 - t0) * 1e3`
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    cache[key] = out = [s for s in out if s]
    return out


def _other_interval(call: ast.Call, readings: set[str]) -> bool:
    """The call reads the region's readings only as one side of a subtraction whose other side is a name that is no
    reading of the region (``t3 - t1`` for a region ``t1``..``t2``): it prints another interval."""
    own = [n for n in ast.walk(call) if isinstance(n, ast.Name) and n.id in readings]
    other: set[int] = set()
    for n in ast.walk(call):
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and \
                isinstance(n.left, ast.Name) and isinstance(n.right, ast.Name) and \
                (n.left.id in readings) != (n.right.id in readings):
            other.add(id(n.left if n.left.id in readings else n.right))
    return bool(own) and all(id(n) in other for n in own)


def whole_run(ctx: Context, r) -> bool:
    cache = ctx.__dict__.setdefault("_wp_whole_run", {})
    if id(r) not in cache:
        cache[id(r)] = _whole_run(ctx, r)
    return cache[id(r)]


def _whole_run(ctx: Context, r) -> bool:
    """The region's number is a total of a whole program, pipeline or round trip, by its label, or a since-start
    clock (:func:`since_start`), taken once (not one sample of a loop's many)."""
    if r.loop is not None or r.outer is not None:
        return False  # one sample of many (`for i in range(n): t0 = ...; Time += t1 - t0`): a per-run figure,
        # whatever its label
    found = [m.group(0).lower() for s in labels(ctx, r) for m in _WHOLE.finditer(s)]
    if any(not w.startswith("total") for w in found):
        return True
    if found and not _averaged(ctx, r):
        return True  # "total time" of a run taken once; a `total / n_runs` is a per-run figure, whatever its name
    return since_start(ctx, r) or running_throughput(ctx, r)


def running_throughput(ctx: Context, r) -> bool:
    """The end read sits inside a loop of the region and divides a counter that loop accumulates by the time since a
    start read before the loop: ``sps = global_step / (time.time() - start_time)`` logged every update of a training
    run. The number is the whole run's throughput so far, everything the loop does (building per-update objects
    included) on purpose; not one sample of a timed step."""
    end = r.end
    st = getattr(end, "_wp_stmt", None)
    loops = [lp for lp in getattr(st, "_wp_loops", ()) if r.contains(lp)]
    if not loops:
        return False
    node, parent = end, getattr(end, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Div, ast.FloorDiv)) and parent.right is node:
            counter = parent.left
            if isinstance(counter, ast.Name):
                return any(isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and
                           isinstance(n.target, ast.Name) and n.target.id == counter.id
                           for lp in loops for n in ast.walk(lp))
            return False
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def _averaged(ctx: Context, r) -> bool:
    """The interval is divided by a count (``total_time / num_runs``, ``(t1 - t0) / n``; not a unit's constant):
    the number is a per-run average, and "total" in its name only says it summed the runs."""
    names = _reading_names(r)
    for st in [x for x in (r.interval,) if x is not None] + r.scope.stmts[r.hi:r.hi + 25]:
        for n in stmt_nodes(st):
            if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Div, ast.FloorDiv)) and \
                    not isinstance(n.right, ast.Constant) and \
                    any(isinstance(x, ast.Name) and x.id in names for x in ast.walk(n.left)):
                return True
    return False


def since_start(ctx: Context, r) -> bool:
    """In the module (or its ``main``), the start reading comes before any work of its scope (only imports,
    definitions and constants precede it) and the region holds more than one timed step (a loop and ten
    statements): a clock of the whole program, its setup included on purpose."""
    if r.loop is not None or r.outer is not None or not (isinstance(r.scope.node, ast.Module) or
                                                         getattr(r.scope.node, "name", "") == "main"):
        return False  # a function's clock started first thing times that function's work, not a program
    if r.lo > _first_work(ctx, r.scope):
        return False
    stmts = r.stmts()
    return len(stmts) >= 10 and bool(r.inner_loops())


def _first_work(ctx: Context, scope) -> int:
    """The index of the first statement of ``scope`` that does work: not an import, a definition, a docstring, a
    constant or ``pass`` (read once per scope)."""
    cache = ctx.__dict__.setdefault("_wp_first_work", {})
    if id(scope) not in cache:
        first = len(scope.stmts)
        for i, st in enumerate(scope.stmts):
            if isinstance(st, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                               ast.Pass)):
                continue
            if getattr(st, "_wp_scope", scope) is not scope:
                continue
            if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
                continue  # a docstring
            if isinstance(st, (ast.Assign, ast.AnnAssign)) and not any(isinstance(n, ast.Call)
                                                                     for n in stmt_nodes(st)):
                continue  # `N = 1 << 20`
            first = i
            break
        cache[id(scope)] = first
    return cache[id(scope)]


_OPTIMIZER = re.compile(r"(?i)(optim|opt\b|opt_|_opt|scaler|trainer)")


def trains(ctx: Context, calls: list[ast.Call]) -> bool:
    """The calls hold an optimizer step (``opt.step()``, ``optimizer.step()``, ``scaler.step(opt)``). A
    ``backward()`` with ``zero_grad()`` alone is not one: a benchmark of a backward pass resets its gradients too
    (set 31 `benchmark_attention.py:143`, a µs-scale attention timed one by one: true WP101)."""
    return any(ctx.method(c) == "step" and isinstance(c.func, ast.Attribute) and
               _OPTIMIZER.search(ctx.text(c.func.value)) for c in calls)


def training_run(ctx: Context, r) -> bool:
    """The region runs optimizer steps: an ``opt.step()`` (or ``scaler.step``), in the region or in a function of
    the file the region calls (one level)."""
    cache = ctx.__dict__.setdefault("_wp_number_training", {})
    if id(r) not in cache:
        cache[id(r)] = runs_training(ctx, r.calls())
    return cache[id(r)]


def runs_training(ctx: Context, calls: list[ast.Call]) -> bool:
    """``calls`` run an optimizer step, themselves or in a function of the file one of them calls."""
    found = trains(ctx, calls)
    if not found:
        for c in calls:
            fn = None
            if isinstance(c.func, ast.Name):
                fn = ctx.functions.get(c.func.id)
            elif isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name) and \
                    c.func.value.id == "self":
                fn = ctx.functions.get(c.func.attr)
            if fn is not None and _function_trains(ctx, fn):
                found = True
                break
    return found


def _function_trains(ctx: Context, fn: ast.AST) -> bool:
    cache = ctx.__dict__.setdefault("_wp_function_trains", {})  # each function read once per file
    if id(fn) not in cache:
        cache[id(fn)] = trains(ctx, [n for n in ast.walk(fn) if isinstance(n, ast.Call)])
    return cache[id(fn)]


def meant_to_include(ctx: Context, r) -> str | None:
    """Why the region's number is meant to include what it does (allocations, copies, the step's own host reads):
    ``"whole"``, ``"training"``, or None."""
    if whole_run(ctx, r):
        return "whole"
    if training_run(ctx, r):
        return "training"
    return None


_CPU_SIDE = frozenset({"cpu", "numpy", "np", "host"})
_GPU_SIDE = frozenset({"gpu", "cuda", "cupy", "cp", "torch", "device", "triton", "kernel", "numba", "pycuda"})


def cpu_baseline(ctx: Context, key: str, appends: list) -> bool:
    """The samples appended to ``key`` are a CPU baseline by their label: the list's name or the name of the function
    that fills it says CPU or NumPy (``cpu_times``, ``numpy_times``, ``def measure_cpu_time``) and nothing GPU, and
    the regions that time them do no GPU work the model sees (only calls of the function's own parameters, the
    function handed in to be timed). A mean-only summary of a host-side baseline is not what WP105 is about: held-out
    verdicts borderline in 4 repositories ("mean-only, but of CPU timings")."""
    from ._on_purpose import _parts

    if "." in key or not appends:
        return False
    scopes = {id(getattr(st, "_wp_scope", None)): getattr(st, "_wp_scope", None) for _, st in appends}
    names = [key] + [getattr(s.node, "name", "") or "" for s in scopes.values() if s is not None]
    said = [_parts(n) for n in names if n]
    if not any(p & _CPU_SIDE for p in said) or any(p & _GPU_SIDE for p in said):
        return False
    regions = [r for r in ctx.regions if r.samples == key and id(r.scope) in scopes]
    if not regions:
        return False
    for r in regions:
        for s in r.stmts():
            for w in ctx.gpu_work_in(stmt_nodes(s)):
                if not (isinstance(w, ast.Call) and isinstance(w.func, ast.Name) and w.func.id in r.scope.params):
                    return False
    return True
