"""Whether a timing loop leaves its first sample out (the warm-up model of WP103, split from ``_cold_walk``).

The question: on the loop's first iteration, is the sample kept? A test inside the loop decides it, and it is read
by evaluating the test with the values its names have on that first iteration:

- the loop's counter (a ``for`` target, ``enumerate``'s index, a name the loop steps with ``+= 1``): its first value
  (0, or the literal start of ``range(a, n)`` / ``enumerate(xs, start=a)``); a name compared with it (``i >= warm``,
  ``i < skip``) is taken for a positive count;
- a flag: a name bound to ``True``/``False`` before the loop and to the other constant inside it (``first = True``
  ... ``if first: first = False; continue``), read only where the test comes before the flag changes;
- ``and``/``or``/``not`` and ``i % k`` of those.

The first sample is left out when a test false on the first iteration guards what keeps the sample (``if i > 0:
times.append(dt)``, ``if not first: total += dt``), or a test true on it skips the rest of the iteration (``if i <
warm: continue``, ``if first: first = False; continue``)."""

from __future__ import annotations

import ast
import operator

_KEEPS = ("append", "extend", "add", "insert")
_UNKNOWN = object()  # a positive count whose value the file does not say (`warmup`, `args.skip`)


def first_samples_left_out(r) -> bool:
    """The region runs in a loop whose samples are kept only when a test inside the loop says the iteration is not
    the first (see the module's docstring)."""
    loops = list(getattr(r.scope.stmts[r.lo], "_wp_loops", ()))
    if r.loop is not None and r.loop not in loops:
        loops.append(r.loop)
    return any(_left_out_by(r, loop) for loop in loops) or \
        (r.loop is not None and summarized_past_first(r))  # (an outer loop's counter too: `for epoch in range(2):`
    # around the per-batch loop, `if epoch > 0: times.append(dt)`; lint42)


def summarized_past_first(r) -> bool:
    """(sixteenth session) The loop keeps every sample, but the code after it summarizes them from the second on
    (``sum(times[1:]) / len(times[1:])``, ``np.mean(times[warmup:])``, before ``times`` is bound again): the warm
    figure is reported apart from the cold first pass, which is shown on purpose."""
    from .._walk import stmt_nodes

    name = r.samples
    end = getattr(r.loop, "end_lineno", None)
    if not name or "." in name or end is None:
        return False
    for st in r.scope.stmts:
        if getattr(st, "lineno", 0) <= end:
            continue
        for n in stmt_nodes(st):
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
                return False  # bound again: another loop's samples
            if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id == name and \
                    isinstance(n.ctx, ast.Load) and isinstance(n.slice, ast.Slice) and n.slice.step is None and \
                    _positive(n.slice.lower):
                return True
    return False


def _positive(n: ast.AST | None) -> bool:
    """A slice's start that leaves out the first element: a positive integer, or a name (a warm-up count)."""
    return (isinstance(n, ast.Constant) and type(n.value) is int and n.value > 0) or isinstance(n, ast.Name)


def _left_out_by(r, loop: ast.stmt) -> bool:
    counters = _counters(loop, r.scope)
    flags = _flags(loop, r.scope)
    if not counters and not flags:
        return False
    start_line = getattr(r.scope.stmts[r.lo], "lineno", 0)
    steps = _steps(loop)
    for node in ast.walk(loop):
        if not isinstance(node, ast.If) or getattr(node, "lineno", 0) < start_line:
            continue
        env = {k: v + _stepped_before(steps.get(k, ()), node) for k, v in counters.items()}
        env.update(_named_counts(node, loop, r.scope))
        env.update({k: v for k, (v, changes) in flags.items() if _before_changes(node, changes)})
        first = _value(node.test, env)
        if first is None or first is _UNKNOWN:
            continue
        first = bool(first)
        if first and any(isinstance(s, ast.Continue) for s in node.body):
            return True  # `if i < warm: continue`, `if first: first = False; continue` before the sample is kept
        kept_later = node.orelse if first else node.body
        if any(_keeps(n) for s in kept_later for n in ast.walk(s)):
            return True
    return False


def _counters(loop: ast.AST, scope) -> dict[str, object]:
    """The loop's counters and their first values."""
    out: dict[str, object] = {}
    if isinstance(loop, (ast.For, ast.AsyncFor)):
        start = _start_of(loop.iter)
        tgt = loop.target
        if isinstance(tgt, ast.Tuple) and isinstance(loop.iter, ast.Call) and \
                getattr(loop.iter.func, "id", None) == "enumerate" and tgt.elts:
            names = [n.id for n in ast.walk(tgt) if isinstance(n, ast.Name)]
            first = tgt.elts[0].id if isinstance(tgt.elts[0], ast.Name) else None
            out.update({n: (start if n == first else 0) for n in names})
        else:
            out.update({n.id: start for n in ast.walk(tgt) if isinstance(n, ast.Name)})
    for n in ast.walk(loop):
        if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and isinstance(n.target, ast.Name) and \
                isinstance(n.value, ast.Constant) and n.value.value == 1 and n.target.id not in out:
            init = _initial(loop, scope, n.target.id)
            out[n.target.id] = init if isinstance(init, int) and not isinstance(init, bool) else 0
    return out


def _start_of(it: ast.AST) -> int:
    """The first value of a ``for`` counter over ``range(a, n)`` or ``enumerate(xs, start=a)`` (``a`` a literal
    integer), else 0."""
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name):
        v = None
        if it.func.id == "range" and len(it.args) >= 2:
            v = it.args[0]
        elif it.func.id == "enumerate":
            v = it.args[1] if len(it.args) > 1 else next((k.value for k in it.keywords if k.arg == "start"), None)
        if v is not None:
            c = _const(v)
            if isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.USub) and isinstance(v.operand, (ast.Name,
                                                                                                  ast.Attribute)):
                return -1  # `range(-warmup, n)`: the counter starts below 0 (a count the file names, positive)
            return c if isinstance(c, int) and not isinstance(c, bool) else 0
    return 0


def _const(v: ast.AST) -> object:
    if isinstance(v, ast.Constant):
        return v.value
    if isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.USub) and isinstance(v.operand, ast.Constant) and \
            isinstance(v.operand.value, (int, float)):
        return -v.operand.value
    return None


def _initial(loop: ast.AST, scope, name: str) -> object:
    """The constant ``name`` was last bound to in the loop's scope before the loop (``first = True``), else None."""
    idx = getattr(loop, "_wp_idx", None)
    if idx is None or getattr(loop, "_wp_scope", scope) is not scope:
        return None
    for st in reversed(scope.stmts[:idx]):
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in st.targets):
            return _const(st.value) if len(st.targets) == 1 else None
    return None


def _flags(loop: ast.AST, scope) -> dict[str, tuple[bool, list]]:
    """Names bound to a bool before the loop and to the other bool inside it: (first value, the rebinding
    statements in the loop)."""
    inside: dict[str, list] = {}
    for n in ast.walk(loop):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            inside.setdefault(n.targets[0].id, []).append(n)
    out = {}
    for name, stmts in inside.items():
        init = _initial(loop, scope, name)
        if isinstance(init, bool) and all(isinstance(_const(s.value), bool) and _const(s.value) is not init
                                          for s in stmts):
            out[name] = (init, stmts)
    return out


def _before_changes(test_if: ast.If, changes: list) -> bool:
    """Every rebinding of the flag in the loop comes after the test, or inside the ``if`` it guards."""
    inside = {id(n) for n in ast.walk(test_if)}
    return all(id(s) in inside or s.lineno > test_if.lineno for s in changes)


_CMP = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Eq: operator.eq,
        ast.NotEq: operator.ne}
_FLIP = {ast.Lt: ast.Gt, ast.LtE: ast.GtE, ast.Gt: ast.Lt, ast.GtE: ast.LtE, ast.Eq: ast.Eq, ast.NotEq: ast.NotEq}


def _value(e: ast.AST, env: dict) -> object:
    """The value of ``e`` on the loop's first iteration: a constant, ``_UNKNOWN`` (a positive count) or None (the
    test does not say)."""
    if isinstance(e, ast.Name):
        return env.get(e.id)
    if isinstance(e, ast.Constant) and isinstance(e.value, (int, bool)):
        return e.value
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
        v = _value(e.operand, env)
        return None if v is None or v is _UNKNOWN else not v
    if isinstance(e, ast.BoolOp):
        vals = [_value(x, env) for x in e.values]
        known = [bool(v) for v in vals if v is not None and v is not _UNKNOWN]
        if isinstance(e.op, ast.And):
            return False if False in known else True if len(known) == len(vals) else None
        return True if True in known else False if len(known) == len(vals) else None
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Mod):
        v = _value(e.left, env)
        k = _const(e.right)
        return v % k if isinstance(v, int) and isinstance(k, int) and not isinstance(k, bool) and k > 0 else None
    if isinstance(e, ast.Compare) and len(e.ops) == 1 and type(e.ops[0]) in _CMP:
        op, left, right = type(e.ops[0]), e.left, e.comparators[0]
        lv = _value(left, env) if not isinstance(left, ast.Constant) else _const(left)
        if not isinstance(lv, (int, float)) or isinstance(lv, bool):  # `warm <= i`: read it as `i >= warm`
            op, left, right = _FLIP[op], right, left
            lv = _value(left, env) if not isinstance(left, ast.Constant) else _const(left)
        if not isinstance(lv, (int, float)) or isinstance(lv, bool):
            return None
        rv = _const(right)
        if rv is None and isinstance(right, ast.Name) and right.id not in env:
            rv = env.get(("\0const", right.id))  # `WARMUP = 0`: the file says the count
        if isinstance(rv, (int, float)) and not isinstance(rv, bool):
            return _CMP[op](lv, rv)
        if isinstance(right, (ast.Name, ast.Attribute)) and not (isinstance(right, ast.Name) and right.id in env):
            # a count the file names (`warmup`, `args.skip`), taken for positive: the first value is below it
            if lv <= 0 and op in (ast.Lt, ast.LtE, ast.Gt, ast.GtE):
                return op in (ast.Lt, ast.LtE)
        return None
    return None


def _keeps(n: ast.AST) -> bool:
    """A statement or call that keeps a sample: ``+=``, ``times.append(dt)``, ``ts[i] = dt``."""
    if isinstance(n, ast.AugAssign):
        return True
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _KEEPS:
        return True
    return isinstance(n, ast.Assign) and any(isinstance(t, ast.Subscript) for t in n.targets)


def _module_constants(module: ast.Module) -> dict[str, set]:
    """Every module-level ``name = value`` as name -> the set of constant values bound (``_const``), read once per
    module: the tests of every loop ask it (one walk of the module's body, not one per test: lint stays linear)."""
    cached = getattr(module, "_wp_module_constants", None)
    if cached is None:
        cached = {}
        for st in module.body:
            if isinstance(st, ast.Assign):
                for t in st.targets:
                    if isinstance(t, ast.Name):
                        cached.setdefault(t.id, set()).add(_const(st.value))
        module._wp_module_constants = cached  # type: ignore[attr-defined]
    return cached


def _named_counts(test_if: ast.If, loop: ast.AST, scope) -> dict:
    """The integer constants the names of the test are bound to, where the file says so: the last binding in the
    loop's scope before the loop (``skip = 0``), else every binding at module level (``WARMUP = 0``)."""
    out = {}
    names = {n.id for n in ast.walk(test_if.test) if isinstance(n, ast.Name)}
    module = loop
    while module is not None and not isinstance(module, ast.Module):
        module = getattr(module, "_wp_parent", None)
    for name in names:
        v = _initial(loop, scope, name)
        if v is None and module is not None:
            vals = _module_constants(module).get(name, set())
            v = next(iter(vals)) if len(vals) == 1 else None
        if isinstance(v, int) and not isinstance(v, bool):
            out[("\0const", name)] = v
    return out


def _steps(loop: ast.AST) -> dict[str, list[int]]:
    """The lines of the ``name += 1`` of the loop's own body (not under a condition or a nested loop), per name; a
    ``for`` loop's own targets are stepped by the loop, not counted here."""
    own = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)} \
        if isinstance(loop, (ast.For, ast.AsyncFor)) else set()
    out: dict[str, list[int]] = {}
    for st in loop.body:  # type: ignore[attr-defined]
        for n in ast.walk(st):
            if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and isinstance(n.target, ast.Name) and \
                    isinstance(n.value, ast.Constant) and n.value.value == 1 and n.target.id not in own and \
                    not _in_nested_loop(n, loop):
                out.setdefault(n.target.id, []).append(n.lineno)
    return out


def _stepped_before(lines, test_if: ast.If) -> int:
    """How many of a counter's ``+= 1`` run before ``test_if`` on the first iteration (``step += 1`` at the top of
    the body: the test sees the counter's start plus one)."""
    end = getattr(test_if, "end_lineno", test_if.lineno)
    return sum(1 for ln in lines if ln < test_if.lineno and not (test_if.lineno <= ln <= end))


def _in_nested_loop(n: ast.AST, loop: ast.AST) -> bool:
    p = getattr(n, "_wp_parent", None)
    while p is not None and p is not loop:
        if isinstance(p, (ast.For, ast.AsyncFor, ast.While, ast.If, ast.Try)):
            return True  # (under a condition or another loop: not known to run before the test)
        p = getattr(p, "_wp_parent", None)
    return False
