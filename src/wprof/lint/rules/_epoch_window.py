"""WP116 in a Lightning callback: a timing window kept in the callback's attributes that crosses batches and is never
restarted at an epoch boundary.

Lightning calls a ``Callback``'s ``on_train_batch_start``/``on_train_batch_end`` hooks around each training batch,
and between the last batch of an epoch and the first of the next it runs the validation loop and the checkpoint
save (``ModelCheckpoint`` is on by default and saves at every epoch end). A window that starts in one batch's hook
and ends in a later batch's (``self._t0`` set on the first batch or at the log step, read ``log_every`` batches
later; the gap from the previous ``on_train_batch_end`` to this ``on_train_batch_start`` kept as data time) holds
that work whenever it crosses an epoch end, unless a hook that runs there (``on_train_epoch_start``,
``on_validation_end``, ...) restarts or clears it. A window started in an earlier hook of the same batch
(``on_train_batch_start`` to ``on_train_batch_end``) is one step and is not reported.

An epoch's time taken from ``on_train_epoch_start`` to ``on_train_epoch_end`` holds that work too: Lightning 2.x
runs the epoch-end validation loop (and the ``ModelCheckpoint`` save on its end) before it calls
``on_train_epoch_end``. Reported unless the start is set outside the setup hooks and ``on_train_epoch_start``, or
a validation hook of the callback reads a clock (the time paused or taken out)."""

from __future__ import annotations

import ast

from .._context import Context, dotted

# the hooks Lightning calls within one training batch, in their order
_BATCH_HOOKS = {"on_train_batch_start": 0, "on_before_backward": 1, "on_after_backward": 2,
                "on_before_optimizer_step": 3, "on_before_zero_grad": 4, "on_train_batch_end": 5}
# hooks that run once before training: an assignment there starts the first window only
_SETUP = frozenset({"__init__", "setup", "on_fit_start", "on_train_start", "on_sanity_check_end"})
_LIBS = ("lightning", "pytorch_lightning")
_EPOCH = ("on_train_epoch_start", "on_train_epoch_end")
_REPORT_METHODS = frozenset({"log", "log_dict", "log_metrics", "print", "info", "add_scalar", "add_scalars",
                             "set_postfix", "write"})


def _lightning_callback(ctx: Context, cls: ast.ClassDef) -> bool:
    return any((dotted(b) or "").rsplit(".", 1)[-1] == "Callback" and
               (ctx.qualname(b) or "").split(".")[0] in _LIBS for b in cls.bases)


def _self_attr(n: ast.AST) -> str | None:
    if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
        return n.attr
    return None


def _clock_methods(ctx: Context, methods: dict[str, ast.FunctionDef]) -> set[str]:
    """Methods of the class that return a clock reading (``def _now(self): ...; return time.perf_counter()``)."""
    return {name for name, fn in methods.items()
            if any(isinstance(r, ast.Return) and r.value is not None and ctx.is_clock(r.value)
                   for r in ast.walk(fn))}


def _is_clock(ctx: Context, v: ast.AST, local: set[str], own: set[str]) -> bool:
    if ctx.is_clock(v):
        return True
    if isinstance(v, ast.Name):
        return v.id in local
    return isinstance(v, ast.Call) and _self_attr(v.func) in own


def _assignments(fn: ast.FunctionDef) -> list[tuple[ast.stmt, ast.AST, ast.AST]]:
    """(statement, target, value) of the plain assignments in ``fn``."""
    out = []
    for st in ast.walk(fn):
        if isinstance(st, ast.Assign):
            pairs = [(t, st.value) for t in st.targets]
        elif isinstance(st, ast.AnnAssign) and st.value is not None:
            pairs = [(st.target, st.value)]
        else:
            continue
        for t, v in pairs:
            if isinstance(t, (ast.Tuple, ast.List)):  # `self.t0, self.n = now, 0`
                same = isinstance(v, (ast.Tuple, ast.List)) and len(v.elts) == len(t.elts)
                out += [(st, e, v.elts[i] if same else v) for i, e in enumerate(t.elts)]  # type: ignore[union-attr]
            else:
                out.append((st, t, v))
    return out


def _unconditional(st: ast.stmt, fn: ast.FunctionDef) -> bool:
    """``st`` sits directly in ``fn``'s body (under no ``if``, loop or ``try``)."""
    return any(s is st for s in fn.body)


def _reported(ctx: Context, methods: dict[str, ast.FunctionDef], fn: ast.FunctionDef, sub: ast.BinOp) -> bool:
    """The interval reaches a report call: directly, through names assigned from it in ``fn``, or through an
    attribute of the callback it is added to (``self._acc["data"] += ...``), read in any of its methods."""
    stmt = getattr(sub, "_wp_stmt", None)
    if stmt is None:
        return False
    attrs: set[str] = set()
    if isinstance(stmt, (ast.AugAssign, ast.Assign, ast.AnnAssign)):
        for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]):
            while isinstance(t, ast.Subscript):
                t = t.value
            a = _self_attr(t)
            if a:
                attrs.add(a)
    for m in ([fn] + [f for f in methods.values() if f is not fn]) if attrs else [fn]:
        names: set[str] = set()

        def uses(e: ast.AST) -> bool:
            return any(n is sub or (isinstance(n, ast.Name) and n.id in names) or _self_attr(n) in attrs
                       for n in ast.walk(e))
        body = sorted((s for s in ast.walk(m) if isinstance(s, ast.stmt) and not isinstance(
            s, (ast.FunctionDef, ast.If, ast.For, ast.While, ast.With, ast.Try))), key=lambda s: s.lineno)
        for s in body:
            if isinstance(s, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and s.value is not None and uses(s.value):
                for t in (s.targets if isinstance(s, ast.Assign) else [s.target]):
                    while isinstance(t, ast.Subscript):  # `logs["epoch_s"] = ...`: the dict handed on
                        t = t.value
                    if isinstance(t, ast.Name):
                        names.add(t.id)
            for c in ast.walk(s):
                if isinstance(c, ast.Call) and (ctx.method(c) in _REPORT_METHODS or
                                                (isinstance(c.func, ast.Name) and c.func.id == "print")) and \
                        any(uses(a) for a in [*c.args, *(k.value for k in c.keywords)]):
                    return True
    return False


def report_epoch_windows(ctx: Context) -> None:
    for cls in ctx.classes.values():
        if not _lightning_callback(ctx, cls):
            continue
        methods = {st.name: st for st in cls.body if isinstance(st, ast.FunctionDef)}
        own = _clock_methods(ctx, methods)
        # every assignment of an attribute of the callback: (hook, statement, is it a clock reading)
        sets: dict[str, list[tuple[str, ast.stmt, bool]]] = {}
        local_clocks: dict[str, set[str]] = {}
        for name, fn in methods.items():
            local: set[str] = set()
            for st, t, v in sorted(_assignments(fn), key=lambda x: x[0].lineno):
                if isinstance(t, ast.Name) and _is_clock(ctx, v, local, own):
                    local.add(t.id)
                a = _self_attr(t)
                if a:
                    sets.setdefault(a, []).append((name, st, _is_clock(ctx, v, local, own)))
            local_clocks[name] = local
        clock_attrs = {a for a, vs in sets.items() if any(c for _, _, c in vs)}
        _epoch_time(ctx, cls, methods, sets, clock_attrs, local_clocks, own)
        for name, fn in methods.items():
            if name not in _BATCH_HOOKS:
                continue
            for sub in ast.walk(fn):
                if not (isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Sub)):
                    continue
                start = _self_attr(sub.right)
                if start not in clock_attrs:
                    continue
                left = sub.left
                if not (_is_clock(ctx, left, local_clocks[name], own) or _self_attr(left) in clock_attrs):
                    continue
                where = [(h, st) for h, st, _ in sets[start] if h not in _SETUP]
                if any(h not in _BATCH_HOOKS for h, _ in where):
                    continue  # restarted or cleared in a hook outside the batch (an epoch or validation hook)
                if any(_BATCH_HOOKS[h] < _BATCH_HOOKS[name] and _unconditional(st, methods[h]) for h, st in where) or \
                        any(h == name and st.lineno < sub.lineno and _unconditional(st, fn) for h, st in where):
                    continue  # started earlier in the same batch: one step's time
                if not _reported(ctx, methods, fn, sub):
                    continue
                ctx.report(sub, f"The window `{ctx.text(sub)}` read in `{cls.name}.{name}` starts in an earlier "
                                f"batch and no hook restarts it at an epoch boundary: a window that crosses an epoch "
                                f"end holds the validation loop and the checkpoint save Lightning runs there, and "
                                f"the time or throughput logged from it counts them as time of training batches",
                           "Restart the window in `on_train_epoch_start` (or clear it after validation)")
                break


def _epoch_time(ctx: Context, cls: ast.ClassDef, methods: dict[str, ast.FunctionDef],
                sets: dict[str, list[tuple[str, ast.stmt, bool]]], clock_attrs: set[str],
                local_clocks: dict[str, set[str]], own: set[str]) -> None:
    """An epoch's time read in ``on_train_epoch_end`` from a start set in ``on_train_epoch_start``."""
    end = methods.get(_EPOCH[1])
    if end is None or _EPOCH[0] not in methods:
        return
    if any("validation" in name and any(ctx.is_clock(n) or (isinstance(n, ast.Call) and _self_attr(n.func) in own)
                                        for n in ast.walk(fn)) for name, fn in methods.items()):
        return  # the validation time paused or taken out
    for sub in ast.walk(end):
        if not (isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Sub)):
            continue
        start = _self_attr(sub.right)
        if start not in clock_attrs or not _is_clock(ctx, sub.left, local_clocks[_EPOCH[1]], own):
            continue
        p = getattr(sub, "_wp_parent", None)
        if isinstance(p, ast.BinOp) and isinstance(p.op, ast.Sub) and p.left is sub:
            continue  # `now - start - other`: time taken out of it
        hooks = {h for h, _, clock in sets[start] if clock}
        if _EPOCH[0] not in hooks or any(h not in _SETUP and h != _EPOCH[0] for h, _, _ in sets[start]):
            continue
        if not _reported(ctx, methods, end, sub):
            continue
        ctx.report(sub, f"The epoch time `{ctx.text(sub)}` read in `{cls.name}.on_train_epoch_end` starts in "
                        f"`on_train_epoch_start`: Lightning runs the epoch-end validation loop and the checkpoint save "
                        f"on its end before `on_train_epoch_end`, so the time logged as the epoch's training counts them",
                   "Read the epoch's end in the last `on_train_batch_end` (or pause the clock in "
                   "`on_validation_start`/`on_validation_end`)")
        return
