"""Sample and step counts the code gives without writing them at the loop: one resolver for WP101, WP103 and WP105.

A benchmark rarely writes ``range(10)``. Its count comes through a module constant (``REPETITIONS = 10``), a
parameter's default or the value each call hands it (``def profile(n, repeat=10)``), an argparse default
(``--runs`` defaulting to 3), a cap (``min(6, len(frames))``), a config dict's default (``cfg.get("runs", 5)``), or a
field of a config class of the file reached through the object that holds it (``self.config.num_runs`` with
``@dataclass class BenchConfig: num_runs: int = 3``, ``self.config = config`` in ``__init__(self, config:
BenchConfig)``, and every ``BenchConfig(num_runs=...)`` call of the file: the largest value any of them gives). A
harness that takes the samples itself counts with its keyword or its documented default (``timeit.repeat(stmt,
repeat=REPETITIONS)``; ``timeit.repeat`` takes 5 when not told).

:func:`count_of` answers "at most how many" (an integer) or None when the file does not say (a loader's length, a
config file that is not in the code, an environment value without a default). :func:`kept_iterations` reads the
other common way a loop's samples differ from its iterations: ``for i in range(warm_up + repeat): ... if i >=
warm_up: ts.append(...)`` keeps ``repeat`` samples, the first ``warm_up`` iterations being the warm-up.
"""

from __future__ import annotations

import ast

# harness (qualified name) -> (count keyword, its position among the arguments, the harness's own default)
HARNESS_COUNTS = {
    "cupyx.profiler.benchmark": ("n_repeat", 3, 10000),
    "timeit.repeat": ("repeat", 3, 5),
}


def count_of(ctx, e: ast.AST | None, exact_tried: bool = False) -> int | None:
    """At most how many times a loop bounded by ``e`` runs (``range(e)``), when the file gives it
    (``exact_tried``: the caller already read ``e`` as an exact integer and got None)."""
    if e is None:
        return None
    if not isinstance(e, (ast.Call, ast.Attribute)):  # a name, a literal, arithmetic: exact or nothing
        if exact_tried:
            return None
        from ._few_steps import _int

        return _int(ctx, e)
    n = count_bound(ctx, e)
    if n is not None:
        return n
    if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Attribute):
        return held_field(ctx, e.value, e.attr)  # `self.config.num_runs`
    return None


def held_field(ctx, holder: ast.Attribute, field: str) -> int | None:
    """``self.<holder>.<field>`` where every assignment of ``self.<holder>`` in the file's classes stores a parameter
    annotated with a config class of the file (``def __init__(self, config: BenchConfig): self.config = config``)
    or a call of that class: the class's default for ``field``, or the largest value a call of the class gives it."""
    if not (isinstance(holder.value, ast.Name) and holder.value.id == "self"):
        return None
    memo = ctx.__dict__.setdefault("_wp_held_fields", {})
    key = (holder.attr, field)
    if key not in memo:
        memo[key] = _held_field(ctx, holder.attr, field)
    return memo[key]


def _held_field(ctx, attr: str, field: str) -> int | None:
    classes = _classes(ctx)
    names: set[str] = set()
    for fn in _all_functions(ctx):  # every method of every class (two `__init__`s are two functions)
        ann = {a.arg: a.annotation for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
        for st in ast.walk(fn):
            if not isinstance(st, (ast.Assign, ast.AnnAssign)):
                continue
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            if not any(isinstance(t, ast.Attribute) and t.attr == attr and isinstance(t.value, ast.Name) and
                       t.value.id == "self" for t in targets):
                continue
            v = st.value
            if isinstance(v, ast.Name) and isinstance(ann.get(v.id), ast.Name) and ann[v.id].id in classes:
                names.add(ann[v.id].id)  # type: ignore[union-attr]
            elif isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in classes:
                names.add(v.func.id)
            else:
                return None  # something else is stored there: not counted
    if len(names) != 1:
        return None
    return class_field(ctx, next(iter(names)), field)


def class_field(ctx, cls_name: str, field: str) -> int | None:
    """The largest value ``field`` of the config class ``cls_name`` takes: its default, or what a call of the class
    gives it by keyword (``BenchConfig(num_runs=runs)``, ``runs`` read through its bindings and argparse defaults);
    None when a call gives it positionally or with ``**``, or a value is not known."""
    from ._few_steps import _int

    cls = _classes(ctx).get(cls_name)
    if cls is None:
        return None
    default = field_default(cls, field)
    out = _int(ctx, default) if default is not None else None
    if default is not None and out is None:
        return None
    for c in ctx.calls:
        if not (isinstance(c.func, ast.Name) and c.func.id == cls_name):
            continue
        if c.args or any(k.arg is None for k in c.keywords):
            return None
        given = next((k.value for k in c.keywords if k.arg == field), None)
        if given is None:
            if default is None:
                return None
            continue
        v = _int(ctx, given)
        if v is None:
            return None
        out = v if out is None else max(out, v)
    return out


def count_bound(ctx, e: ast.AST, depth: int = 0) -> int | None:
    """At most how many times ``range(e)`` runs, when the file bounds ``e`` though it does not give it exactly:
    ``min(6, len(frames))`` (at most 6), a config dict's default (``cfg.get("runs", 5)``: what the script runs
    without a config saying otherwise, as an argparse default is), or a field of a config class of the file read
    from an object made by it (``cfg.steps`` with ``@dataclass class BenchConfig: steps: int = 5`` and
    ``cfg = BenchConfig()``, or the value a ``BenchConfig(steps=...)`` call gives)."""
    from ._few_steps import _int

    if depth > 3:
        return None
    exact = _int(ctx, e)
    if exact is not None:
        return exact
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "min" and e.args and \
            not e.keywords and not any(isinstance(a, ast.Starred) for a in e.args):
        known = [v for v in (count_bound(ctx, a, depth + 1) for a in e.args) if v is not None]
        return min(known) if known else None
    if isinstance(e, ast.Call) and ctx.method(e) == "get" and len(e.args) == 2 and \
            isinstance(e.args[0], ast.Constant) and isinstance(e.args[0].value, str):
        return _int(ctx, e.args[1])  # `cfg.get("runs", 5)`
    if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name):
        return _config_field(ctx, e.value.id, e.attr)
    return None


def _config_field(ctx, obj: str, field: str) -> int | None:
    """``obj.field`` where every binding of ``obj`` is a call of one class of the file (or ``obj`` is a parameter
    annotated with it) that declares ``field`` with an integer default: the keyword each call gives, else that
    default; None when any call gives it positionally or with ``**``."""
    from ._few_steps import _int

    classes = _classes(ctx)  # (one index per file, not a tree walk per call)
    values = ctx.assigns.get(obj, [])
    calls = [v for v in values if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in classes]
    names = {c.func.id for c in calls}  # type: ignore[attr-defined]
    if not values:  # a parameter `cfg: BenchConfig`
        names = {a.annotation.id for fn in ctx.functions.values() for a in fn.args.args  # type: ignore[attr-defined]
                 if a.arg == obj and isinstance(a.annotation, ast.Name) and a.annotation.id in classes}
    elif len(calls) != len(values):
        return None
    if len(names) != 1:
        return None
    cls = classes[next(iter(names))]
    default = field_default(cls, field)
    if default is None:
        return None
    out = _int(ctx, default)
    for c in calls:
        if c.args or any(k.arg is None for k in c.keywords):
            return None
        given = next((k.value for k in c.keywords if k.arg == field), None)
        if given is not None:
            v = _int(ctx, given)
            if v is None:
                return None
            out = v if out is None else max(out, v)
    return out


def harness_count(ctx, call: ast.AST) -> int | None:
    """The number of samples a harness call takes (``timeit.repeat(stmt, repeat=REPETITIONS, number=1)``,
    ``cupyx.profiler.benchmark(f, args, n_repeat=5)``), its own default when not told, None when not known."""
    if not isinstance(call, ast.Call):
        return None
    spec = HARNESS_COUNTS.get(ctx.call_name(call) or "")
    if spec is None:
        return None
    kw, pos, default = spec
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    arg = next((k.value for k in call.keywords if k.arg == kw), None)
    if arg is None and len(call.args) > pos:
        arg = call.args[pos]
    if arg is None:
        return default
    return count_of(ctx, arg)


def kept_iterations(ctx, loop: ast.AST, st: ast.stmt, n: int) -> int:
    """Of ``n`` iterations of ``for i in range(...)``, how many reach ``st``: fewer when ``st`` sits under ``if i >=
    k:`` (or ``i > k``, ``k <= i``) with ``k`` a count the file gives, the first iterations being a warm-up."""
    target = getattr(loop, "target", None)
    if not isinstance(target, ast.Name):
        return n
    it = getattr(loop, "iter", None)
    start = 0
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and len(it.args) == 2:
        from ._few_steps import _int

        start = _int(ctx, it.args[0])  # type: ignore[assignment]
        if start is None:
            return n
    node: ast.AST = st
    while node is not loop:
        parent = getattr(node, "_wp_parent", None)
        if parent is None:
            return n
        if isinstance(parent, ast.If) and node in parent.body:
            k = _skipped_below(ctx, parent.test, target.id)
            if k is not None and k > start:
                return max(n - (k - start), 1)
        node = parent
    return n


def _skipped_below(ctx, test: ast.AST, var: str) -> int | None:
    """``k`` for a test ``var >= k`` / ``k <= var`` (``k + 1`` for ``var > k`` / ``k < var``)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if isinstance(left, ast.Name) and left.id == var:
        bound, strict = right, isinstance(op, ast.Gt)
        if not isinstance(op, (ast.Gt, ast.GtE)):
            return None
    elif isinstance(right, ast.Name) and right.id == var:
        bound, strict = left, isinstance(op, ast.Lt)
        if not isinstance(op, (ast.Lt, ast.LtE)):
            return None
    else:
        return None
    from ._few_steps import _int

    k = _int(ctx, bound)
    return None if k is None else k + (1 if strict else 0)


def _classes(ctx) -> dict[str, ast.ClassDef]:
    cached = ctx.__dict__.get("_wp_count_classes")
    if cached is None:
        cached = {n.name: n for n in ctx.all_nodes() if isinstance(n, ast.ClassDef)}
        ctx._wp_count_classes = cached
    return cached


def _all_functions(ctx) -> list[ast.AST]:
    cached = ctx.__dict__.get("_wp_count_functions")
    if cached is None:
        cached = [n for n in ctx.all_nodes() if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        ctx._wp_count_functions = cached
    return cached


def field_default(cls: ast.ClassDef, field: str) -> ast.expr | None:
    """The value the class body gives ``field`` (``num_runs: int = 3``, ``num_runs = 3``; the last one), or None."""
    default = None
    for st in cls.body:
        if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.target.id == field:
            default = st.value
        elif isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == field for t in st.targets):
            default = st.value
    return default
