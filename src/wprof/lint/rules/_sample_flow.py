"""Where the values of a sample container go: one dataflow for WP105 (and the warm-up rules' "is the cold first
sample averaged in").

A container of per-call samples (a list appended per iteration, an array written by index, ...) is read at some
loads. A read either *uses* the samples there (a mean, a median, a print, a file write, a test of the list) or
*hands them on whole* to another name, where the samples are used later:

- an alias or a named view: ``rec = ts``, ``rec = ts[1:]``, ``arr = np.asarray(ts) * 1e3``, ``a, b = xs, ys``
  (the reads of the new name after that binding and before the next one in the same function);
- a return: ``return ts`` or ``return out, ts`` (at each call of that function in the file, the name the caller
  binds the result, or its element of a tuple, to: ``out, ts = bench(...)``; a call used in place,
  ``np.mean(bench())``, is the use);
- a parameter: ``summarize(ts)`` with ``def summarize(xs)`` of the file (the reads of ``xs`` inside);
- a rescaling comprehension: ``ms = [t * 1e3 for t in ts]`` (the reads of ``ms``), or one reduced in place,
  ``statistics.mean(t * 1e3 for t in ts)`` (the use is that reduction).

:func:`follow` returns the uses a read ends in, through up to four such steps; anything else is a use in place (the
caller classifies it: a mean, or anything else, which is taken as showing the samples). A name the samples are
handed to and that is never read again shows nothing. A use reached through a view that leaves the first samples
out (``rec = ts[1:]``) is marked so that :func:`._sample_uses.drops_first` still sees it.
"""

from __future__ import annotations

import ast

from .._context import Context
from ._sample_elements import WHOLE, element_reads, keyed_reads
from ._sample_nodes import only_empty_dict

_CONVERT = frozenset({"array", "asarray", "tensor", "as_tensor", "Tensor", "stack", "list", "fromiter"})
_MAX_DEPTH = 4


def follow(ctx: Context, node: ast.AST, depth: int = 0) -> list[ast.AST]:
    """The uses the samples read at ``node`` end in (``[node]`` when they are used right there)."""
    if depth >= _MAX_DEPTH:
        return [node]
    expr, dropped = _carried(ctx, node)
    parent = getattr(expr, "_wp_parent", None)
    handed = _handed_on(ctx, expr, parent)
    if handed is None:
        if expr is not node and getattr(expr, "_wp_use", None) is not None:
            node._wp_use = expr._wp_use  # type: ignore[attr-defined]
        return [node]
    out: list[ast.AST] = []
    for nxt in handed:
        if dropped:
            nxt._wp_drops_first = True  # type: ignore[attr-defined]
        out.extend(follow(ctx, nxt, depth + 1))
    return out


def _carried(ctx: Context, node: ast.AST) -> tuple[ast.AST, bool]:
    """The largest expression around ``node`` that still holds its samples: a slice (``ts[1:]``), a conversion
    (``np.asarray(ts)``, ``torch.tensor(ts)``, ``list(ts)``), a rescaling of a converted array by a constant
    (``np.array(ts) * 1e3``); and whether a slice on the way leaves the first samples out."""
    from ._sample_uses import drops_first

    dropped = bool(getattr(node, "_wp_drops_first", False))
    expr = node
    while True:
        parent = getattr(expr, "_wp_parent", None)
        if isinstance(parent, ast.Subscript) and parent.value is expr and isinstance(parent.slice, ast.Slice) and \
                parent.slice.step is None:
            dropped = dropped or drops_first(expr)
            expr = parent
        elif isinstance(parent, ast.Call) and len(parent.args) == 1 and parent.args[0] is expr and \
                (ctx.call_name(parent) or "").rsplit(".", 1)[-1] in _CONVERT:
            expr = parent
        elif isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Mult, ast.Div)) and expr is not node and \
                parent.left is expr and _number(parent.right):
            expr = parent
        else:
            return expr, dropped


def _number(e: ast.AST) -> bool:
    return isinstance(e, ast.Constant) and isinstance(e.value, (int, float)) and not isinstance(e.value, bool)


def _handed_on(ctx: Context, expr: ast.AST, parent: ast.AST | None) -> list[ast.AST] | None:
    """The reads the samples in ``expr`` go on to, or None when ``expr`` is a use in place."""
    target = _bound_to(expr, parent)
    if target is not None:
        return _reads_after(ctx, target)
    if isinstance(parent, ast.Assign) and parent.value is expr and len(parent.targets) == 1 and \
            isinstance(parent.targets[0], ast.Subscript) and isinstance(parent.targets[0].value, ast.Name):
        return _dead_store(ctx, parent.targets[0].value.id, parent)
    if isinstance(parent, ast.Return) or (isinstance(parent, ast.Tuple) and
                                          isinstance(getattr(parent, "_wp_parent", None), ast.Return)):
        return _returned_to(ctx, expr, parent)
    if isinstance(parent, ast.Dict) and expr in parent.values:
        return _field_of(ctx, parent, parent.keys[parent.values.index(expr)])
    if isinstance(parent, ast.Tuple) and expr in parent.elts and _appended(ctx, parent) is not None and \
            not any(isinstance(e, ast.Starred) for e in parent.elts):
        return element_reads(ctx, _appended(ctx, parent), parent.elts.index(expr))  # type: ignore[arg-type]
    if _appended(ctx, expr) is not None:  # runs.append(ts): one element per configuration
        return element_reads(ctx, _appended(ctx, expr), WHOLE)  # type: ignore[arg-type]
    if isinstance(parent, ast.Call) and expr in parent.args and ctx.import_view is not None and \
            isinstance(parent.func, (ast.Name, ast.Attribute)) and \
            not (isinstance(parent.func, ast.Name) and parent.func.id in ctx.functions):
        return _imported_param(ctx, expr, parent)
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in ctx.functions and \
            expr in parent.args:
        fn = ctx.functions[parent.func.id]
        pos = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]  # type: ignore[attr-defined]
        i = parent.args.index(expr)
        scope = getattr(fn, "_wp_own_scope", None)
        if scope is None or i >= len(pos) or any(isinstance(a, ast.Starred) for a in parent.args[:i + 1]) or \
                ctx.scope_assigns(pos[i], scope):
            return None
        return ctx.scope_loads(pos[i], scope) or None
    if isinstance(parent, ast.For) and parent.iter is expr and isinstance(parent.target, ast.Name):
        return _loop_reads(ctx, parent)
    if isinstance(parent, ast.comprehension) and parent.iter is expr and isinstance(parent.target, ast.Name):
        comp = getattr(parent, "_wp_parent", None)
        if isinstance(comp, (ast.ListComp, ast.GeneratorExp)) and len(comp.generators) == 1 and \
                _rescaled(comp.elt, parent.target.id):
            up = getattr(comp, "_wp_parent", None)
            target = _bound_to(comp, up)
            if target is not None:  # ms = [t * 1e3 for t in ts]
                return _reads_after(ctx, target)
            onward = _handed_on(ctx, comp, up)  # {"ms": [t * 1e3 for t in ts]}, return [...], summarize([...])
            return onward if onward is not None else [comp]  # statistics.mean(t * 1e3 for t in ts): the use
    return None


def _imported_param(ctx: Context, expr: ast.AST, call: ast.Call) -> list[ast.AST] | None:
    """``print_stats(times)`` with ``print_stats`` a function of a project module: its parameter's uses, judged in
    that module. Only a mean there (``return sum(xs) / len(xs)``) makes the argument a mean use at this call
    (marked on ``expr`` for :func:`._sample_uses._classify_use`); anything else leaves it a use in place."""
    from ._sample_uses import sample_uses_of

    d = ctx.imported_function(call)
    if d is None:
        return None
    fn = d.node
    pos = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]  # type: ignore[attr-defined]
    i = call.args.index(expr)
    scope = getattr(fn, "_wp_own_scope", None)
    if scope is None or i >= len(pos) or any(isinstance(a, ast.Starred) for a in call.args[:i + 1]) or \
            d.ctx.scope_assigns(pos[i], scope):
        return None
    loads = d.ctx.scope_loads(pos[i], scope)
    if not loads:
        return None
    means, others = sample_uses_of(d.ctx, [u for ld in loads for u in follow(d.ctx, ld, _MAX_DEPTH - 1)])
    if not means or others:
        return None
    expr._wp_use = "mean"  # type: ignore[attr-defined]
    return None


def _loop_reads(ctx: Context, loop: ast.For) -> list[ast.AST] | None:
    """``for t in ts:`` over the samples: the reads of ``t`` in the body, each a use; an accumulation into a
    total (``total += t``, ``total += t * 1e3``) stands for that total's reads after the loop, a division by a
    count among them a mean (``avg = total / len(ts)``). None when the loop binds ``t`` anywhere else."""
    from ._sample_uses import _unit_divisor

    var = loop.target.id  # type: ignore[attr-defined]
    body = [n for s in loop.body for n in ast.walk(s)]
    if any(isinstance(n, ast.Name) and n.id == var and not isinstance(n.ctx, ast.Load) for n in body):
        return None
    out: list[ast.AST] = []
    for n in body:
        if not (isinstance(n, ast.Name) and n.id == var):
            continue
        st = getattr(n, "_wp_stmt", None)
        if isinstance(st, ast.AugAssign) and isinstance(st.op, ast.Add) and isinstance(st.target, ast.Name) and \
                _rescaled(st.value, var):
            total = st.target.id
            after = [ld for ld in ctx.scope_loads(total, loop._wp_scope)  # type: ignore[attr-defined]
                     if ld._wp_stmt._wp_idx > loop._wp_end]  # type: ignore[attr-defined]
            for ld in after:
                p = getattr(ld, "_wp_parent", None)
                if isinstance(p, ast.BinOp) and isinstance(p.op, ast.Div) and p.left is ld and \
                        not _unit_divisor(p.right):
                    ld._wp_use = "mean"  # type: ignore[attr-defined]
                out.append(ld)
            continue
        out.append(n)
    return out


def _appended(ctx: Context, node: ast.AST) -> ast.Call | None:
    """``L.append(node)``: that call."""
    p = getattr(node, "_wp_parent", None)
    if isinstance(p, ast.Call) and p.args == [node] and not p.keywords and ctx.method(p) == "append":
        return p
    return None


def _bound_to(expr: ast.AST, parent: ast.AST | None) -> ast.Name | None:
    """The name ``expr`` is bound to: ``x = expr``, or its place in ``a, x = y, expr``."""
    if isinstance(parent, ast.Assign) and parent.value is expr and len(parent.targets) == 1 and \
            isinstance(parent.targets[0], ast.Name):
        return parent.targets[0]
    if isinstance(parent, ast.Tuple) and expr in parent.elts:
        st = getattr(parent, "_wp_parent", None)
        if isinstance(st, ast.Assign) and st.value is parent and len(st.targets) == 1 and \
                isinstance(st.targets[0], (ast.Tuple, ast.List)) and len(st.targets[0].elts) == len(parent.elts) and \
                not any(isinstance(e, ast.Starred) for e in (*parent.elts, *st.targets[0].elts)):
            t = st.targets[0].elts[parent.elts.index(expr)]
            return t if isinstance(t, ast.Name) else None
    return None


def _reads_after(ctx: Context, target: ast.Name) -> list[ast.AST] | None:
    """The reads of the name ``target`` binds, after its statement and up to the next binding of that name in the
    same function ([] when there are none: the samples are not shown through it); None when the name is also
    read elsewhere (another function, a nested one, a string template): not followed."""
    from .mean_only import _string_names

    stmt = getattr(target, "_wp_parent", None)
    while stmt is not None and not isinstance(stmt, ast.stmt):
        stmt = getattr(stmt, "_wp_parent", None)
    if stmt is None or not hasattr(stmt, "_wp_scope"):
        return None
    scope, at = stmt._wp_scope, stmt._wp_idx  # type: ignore[attr-defined]
    if target.id in _braced(ctx) and target.id in _string_names(ctx):
        return None  # (the source text first: the strings' names are read only where one may be there)
    local = ctx.scope_loads(target.id, scope)
    if scope.node is ctx.tree and any(not ctx.scope_assigns(target.id, ld._wp_stmt._wp_scope)  # type: ignore
                                      for ld in ctx.loads(target.id) if ld._wp_stmt._wp_scope is not scope):
        return None  # a module-level name read as a global inside a function: not followed
    nxt = min([st._wp_idx for st in ctx.scope_assigns(target.id, scope)  # type: ignore[attr-defined]
               if st._wp_idx > at] + [i for i in _rebinds(scope).get(target.id, ()) if i > at],  # type: ignore
              default=None)
    if stmt._wp_loops and nxt is None and any(  # type: ignore[attr-defined]
            ld._wp_stmt._wp_idx <= at for ld in local):  # type: ignore[attr-defined]
        return None  # bound in a loop and read before its binding: the previous iteration's value
    return [ld for ld in local if ld._wp_stmt._wp_idx > at and  # type: ignore[attr-defined]
            (nxt is None or ld._wp_stmt._wp_idx <= nxt) and not _comp_bound(ld)]  # type: ignore[attr-defined]


def _rebinds(scope) -> dict[str, list[int]]:
    """name -> statement indices of ``scope`` that bind it other than by assignment: a ``for`` target, a ``with
    ... as`` name, ``del`` (cached per scope)."""
    cached = getattr(scope, "_wp_rebinds", None)
    if cached is None:
        cached = {}
        for st in scope.stmts:
            targets: list[ast.AST] = []
            if isinstance(st, (ast.For, ast.AsyncFor)):
                targets = [st.target]
            elif isinstance(st, (ast.With, ast.AsyncWith)):
                targets = [i.optional_vars for i in st.items if i.optional_vars is not None]
            elif isinstance(st, ast.Delete):
                targets = list(st.targets)
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        cached.setdefault(n.id, []).append(st._wp_idx)  # type: ignore[attr-defined]
        scope._wp_rebinds = cached
    return cached


def _comp_bound(ld: ast.AST) -> bool:
    """The load reads a comprehension's own variable of that name (``[r["ms"] for r in rows]``), not the name of
    the enclosing function."""
    name = getattr(ld, "id", None)
    node = getattr(ld, "_wp_parent", None)
    while node is not None and not isinstance(node, ast.stmt):
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)) and any(
                isinstance(n, ast.Name) and n.id == name for g in node.generators for n in ast.walk(g.target)):
            return True
        node = getattr(node, "_wp_parent", None)
    return False


def _field_of(ctx: Context, d: ast.Dict, key: ast.AST | None) -> list[ast.AST] | None:
    """``{"times": ts, "mean": m}`` bound to a name or returned: the reads of that dict that pick the field
    (``res["times"]``, ``res.get("times")``); reads of its other fields are neither; any other read of the dict
    (printed, saved, iterated) is a use in place."""
    if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    up = getattr(d, "_wp_parent", None)
    if isinstance(up, ast.Call) and up.args and up.args[0] is d and len(up.args) == 1 and \
            (ctx.call_name(up) or "").rsplit(".", 1)[-1] == "DataFrame":
        d, up = up, getattr(up, "_wp_parent", None)  # pd.DataFrame({"ms": ts}): its columns are the fields
    target = _bound_to(d, up)
    if target is not None:
        reads = _reads_after(ctx, target)
    elif isinstance(up, ast.Return):
        reads = _returned_to(ctx, d, up)
    elif _appended(ctx, d) is not None:  # results.append({"name": n, "times": ts})
        return element_reads(ctx, _appended(ctx, d), key.value)  # type: ignore[arg-type]
    else:
        return None
    if reads is None:
        return None
    out: list[ast.AST] = []
    todo = list(reads)
    while todo:
        r = todo.pop(0)
        p = getattr(r, "_wp_parent", None)
        alias = _bound_to(r, p)
        if alias is not None:  # r = results[name]: the alias's reads
            more = _reads_after(ctx, alias)
            if more is None:
                out.append(r)
            else:
                todo.extend(more)
            continue
        if isinstance(p, ast.Subscript) and p.value is r and \
                (picks := _key_values(ctx, p.slice)) is not None:
            if key.value in picks:
                out.append(p)
            continue  # another field
        if isinstance(p, ast.Attribute) and p.attr == "get" and isinstance(getattr(p, "_wp_parent", None), ast.Call):
            call = p._wp_parent  # type: ignore[attr-defined]
            if call.args and isinstance(call.args[0], ast.Constant):
                if call.args[0].value == key.value:
                    out.append(call)
                continue
        out.append(r)
    return out


def _key_values(ctx: Context, k: ast.AST) -> set | None:
    """The values a subscript key can take: a constant, or a loop variable over a literal list of constants or of
    tuples of constants (``for metric, label in [("avg_ms", "ms"), ...]``); None when not shown."""
    if isinstance(k, ast.Constant):
        return {k.value}
    if not isinstance(k, ast.Name):
        return None
    node = k
    while node is not None:  # the nearest enclosing loop or comprehension that binds the name
        node = getattr(node, "_wp_parent", None)
        gens = node.generators if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)) \
            else [node] if isinstance(node, ast.For) else []
        for g in gens:
            vals = _literal_position(g.target, g.iter, k.id)
            if vals is not None:
                return vals
    return None


def _literal_position(target: ast.AST, it: ast.AST, name: str) -> set | None:
    if not isinstance(it, (ast.List, ast.Tuple)):
        return None
    if isinstance(target, ast.Name) and target.id == name:
        if all(isinstance(e, ast.Constant) for e in it.elts):
            return {e.value for e in it.elts}  # type: ignore[attr-defined]
        return None
    if isinstance(target, ast.Tuple):
        pos = next((i for i, e in enumerate(target.elts) if isinstance(e, ast.Name) and e.id == name), None)
        if pos is None:
            return None
        vals = set()
        for e in it.elts:
            if not (isinstance(e, ast.Tuple) and len(e.elts) == len(target.elts) and
                    isinstance(e.elts[pos], ast.Constant)):
                return None
            vals.add(e.elts[pos].value)
        return vals
    return None


def _dead_store(ctx: Context, box: str, store: ast.Assign) -> list[ast.AST] | None:
    """``runtimes[name] = times`` into a dict bound only to ``{}`` in this function, whose every other read hands
    it on to names never read (``return err, avg, runtimes`` unpacked by a caller that ignores ``runtimes``): []
    (the samples are kept nowhere anyone looks); None otherwise (the dict's readers are judged elsewhere)."""
    scope = store._wp_scope  # type: ignore[attr-defined]
    if not only_empty_dict(ctx, box, scope):
        return None
    for ld in ctx.scope_loads(box, scope):
        p = getattr(ld, "_wp_parent", None)
        if isinstance(p, ast.Subscript) and p.value is ld and isinstance(p.ctx, ast.Store):
            continue  # another store into it
        if follow(ctx, ld, _MAX_DEPTH - 2) != []:
            return None
    return []


def _braced(ctx: Context) -> set[str]:
    """Names written right after ``{`` or ``%(`` anywhere in the source (a superset of the names string templates
    read), once per file."""
    cached = ctx.__dict__.get("_wp_braced")
    if cached is None:
        import re

        cached = ctx._wp_braced = set(re.findall(r"(?:\{|%\()([A-Za-z_]\w*)", ctx.source))  # type: ignore
    return cached


def _returned_to(ctx: Context, expr: ast.AST, parent: ast.AST) -> list[ast.AST] | None:
    """Where the callers in the file put what a function returns: the reads of the name each call's result (or its
    element of a returned tuple) is bound to, or the call itself when used in place. None when the function is
    not a plain function of the file called by name, or is never called here (another module may use it)."""
    pos, width = None, None
    if isinstance(parent, ast.Tuple):
        pos, width = parent.elts.index(expr), len(parent.elts)
        if any(isinstance(e, ast.Starred) for e in parent.elts):
            return None
    stmt = expr._wp_stmt if hasattr(expr, "_wp_stmt") else None  # type: ignore[attr-defined]
    fn = getattr(getattr(stmt, "_wp_scope", None), "node", None)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or ctx.functions.get(fn.name) is not fn:
        return None
    sites = [c for c in ctx.calls if isinstance(c.func, ast.Name) and c.func.id == fn.name]
    cls = getattr(getattr(fn, "_wp_scope", None), "node", None)
    if isinstance(cls, ast.ClassDef):  # a method: its calls through `self` in the same class
        sites = [c for c in ctx.calls if isinstance(c.func, ast.Attribute) and c.func.attr == fn.name and
                 isinstance(c.func.value, ast.Name) and c.func.value.id == "self" and
                 getattr(getattr(getattr(c._wp_stmt, "_wp_scope", None), "node", None),  # type: ignore[attr-defined]
                         "_wp_scope", None) is fn._wp_scope]  # type: ignore[attr-defined]
    if not sites:
        return None
    out: list[ast.AST] = []
    for c in sites:
        up = getattr(c, "_wp_parent", None)
        if isinstance(up, ast.Expr):
            continue  # result dropped
        if isinstance(up, ast.Assign) and up.value is c and len(up.targets) == 1:
            t = up.targets[0]
            if pos is not None:
                if not (isinstance(t, (ast.Tuple, ast.List)) and len(t.elts) == width and
                        isinstance(t.elts[pos], ast.Name)):
                    return None  # `res = bench()` then `res[1]`: not followed
                t = t.elts[pos]
            if isinstance(t, ast.Name):
                reads = _reads_after(ctx, t)
                if reads is None:
                    return None
                out.extend(reads)
                continue
            if pos is None and isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
                reads = keyed_reads(ctx, t.value.id, up)  # results[name] = run(...): its reads by key
                if reads is None:
                    return None
                out.extend(reads)
                continue
            return None
        if pos is not None:
            return None
        out.append(c)  # np.mean(bench()): used in place
    return out


def _rescaled(elt: ast.AST, var: str) -> bool:
    """``t``, ``t * 1000``, ``t / n``, ``float(t)``, ``round(t * 1e3, 3)``: one sample, in other units."""
    if isinstance(elt, ast.Name):
        return elt.id == var
    if isinstance(elt, ast.BinOp) and isinstance(elt.op, (ast.Mult, ast.Div)):
        sides = [elt.left, elt.right]
        return sum(_rescaled(x, var) for x in sides) == 1 and all(
            _rescaled(x, var) or isinstance(x, (ast.Constant, ast.Name)) for x in sides)
    if isinstance(elt, ast.Call) and isinstance(elt.func, ast.Name) and elt.func.id in ("float", "round") and elt.args:
        return _rescaled(elt.args[0], var)
    return False
