"""WP102 in callbacks: a host clock read inside code the framework calls while the model's work is only queued.

A Hugging Face logits processor or stopping criterion (``class FirstToken(LogitsProcessor): def __call__(self, ids,
scores): self.t = time.perf_counter() - self.t0``) is called by ``generate`` with the step's logits as soon as the
forward pass has been launched; a forward (pre-)hook or a backward hook registered on a module
(``layer.register_forward_hook(stamp)``) runs when the module's call returns, that is when its kernels are queued.
A clock read there, with no synchronize before it in the callback, measures the launch, not the work (time to first
token, per-layer latency). A callback that synchronizes before it reads the clock is correct and not reported, and so is one whose reading is
kept only under a key of a record the file never reads back (``{"param": name, "time": t}`` where nothing reads
``["time"]``: the order of the calls is what is shown, no time comes out of it);
a streamer's ``put`` is not a callback of this kind (``generate`` hands it tokens copied to the host, which waited).
"""

from __future__ import annotations

import ast

from .._context import Context, dotted

# library base classes whose instances `generate` calls with the step's logits still being computed
_LOGITS_CALLBACKS = frozenset({"LogitsProcessor", "LogitsWarper", "StoppingCriteria"})
_HOOK_REGISTRARS = frozenset({
    "register_forward_hook", "register_forward_pre_hook", "register_full_backward_hook",
    "register_full_backward_pre_hook", "register_backward_hook", "register_hook",
})


def report_callback_clocks(ctx: Context) -> None:
    for fn, label in _callbacks(ctx):
        calls = sorted(ctx.calls_in_function(fn), key=lambda c: (c.lineno, c.col_offset))
        synced = False
        for c in calls:
            if ctx.is_sync(c, hidden=True):
                synced = True
            elif ctx.is_clock(c) and not synced and not _stored_unread(ctx, c):
                ctx.report(c, f"`{ctx.text(c)}` read in a callback (`{label}`) without synchronizing: the framework "
                           "calls it when the model's work is queued, so it measures the launch, not the work",
                           "Synchronize before reading the clock in the callback, or time the work with CUDA events")
                break  # one finding per callback


def _callbacks(ctx: Context) -> list[tuple[ast.AST, str]]:
    out: list[tuple[ast.AST, str]] = []
    seen: set[int] = set()
    for cls in ctx.classes.values():
        if not any((dotted(b) or "").rsplit(".", 1)[-1] in _LOGITS_CALLBACKS and
                   (ctx.qualname(b) or "").startswith("transformers") for b in cls.bases):
            continue
        for st in cls.body:
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == "__call__" and \
                    id(st) not in seen:
                seen.add(id(st))
                out.append((st, f"{cls.name}.__call__"))
    for c in ctx.calls:
        if ctx.method(c) not in _HOOK_REGISTRARS or not c.args:
            continue
        fn = _function_of(ctx, c, c.args[0])
        if fn is not None and id(fn) not in seen:
            seen.add(id(fn))
            out.append((fn, fn.name))
    return out


def _function_of(ctx: Context, call: ast.Call, v: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function of the file a hook argument names: ``stamp``, ``self._after``, ``partial(stamp, name)``; a
    function defined in the enclosing function first (a closure made per layer)."""
    from .._gpu_work import class_method, enclosing_class

    if isinstance(v, ast.Call) and (ctx.call_name(v) or "").endswith("partial") and v.args:
        v = v.args[0]
    if isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name) and v.value.id == "self":
        return class_method(ctx, enclosing_class(call), v.attr)
    if not isinstance(v, ast.Name):
        return None
    scope = getattr(getattr(call, "_wp_stmt", None), "_wp_scope", None)
    while scope is not None:
        for st in scope.stmts:
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == v.id:
                return st
        node = getattr(scope, "node", None)
        scope = getattr(node, "_wp_scope", None) if node is not None else None
    return ctx.functions.get(v.id)


_WHOLE_RECORD_WRITERS = frozenset({"dump", "dumps", "DataFrame", "from_records", "writerow", "writerows", "to_csv",
                                   "save", "pprint", "log", "log_dict", "update"})


def _stored_unread(ctx: Context, clock: ast.Call) -> bool:
    """The clock's reading (directly, or through the one name it is bound to) is only the value of a dict display's
    constant key (``{"param": name, "time": call_time}``) that nothing in the file reads back (no ``x["time"]``,
    ``x.get("time")``): a record of the hook's calls whose times are never shown."""
    st = getattr(clock, "_wp_stmt", None)
    uses: list[ast.AST] = [clock]
    if isinstance(st, ast.Assign) and st.value is clock and len(st.targets) == 1 and \
            isinstance(st.targets[0], ast.Name):
        uses = list(ctx.scope_loads(st.targets[0].id, st._wp_scope))  # type: ignore[attr-defined]
    keys: set[str] = set()
    for u in uses:
        parent = getattr(u, "_wp_parent", None)
        if not isinstance(parent, ast.Dict):
            return False
        i = next((j for j, v in enumerate(parent.values) if v is u), None)
        k = parent.keys[i] if i is not None else None
        if not (isinstance(k, ast.Constant) and isinstance(k.value, str)):
            return False
        keys.add(k.value)
    if not keys:
        return False
    if any((ctx.call_name(c) or ctx.method(c) or "").rsplit(".", 1)[-1] in _WHOLE_RECORD_WRITERS for c in ctx.calls):
        return False  # json.dump(records, f), pd.DataFrame(records): every key is written out
    for n in ctx.all_nodes():
        if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and n.slice.value in keys:
            return False
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("get", "pop") and \
                n.args and isinstance(n.args[0], ast.Constant) and n.args[0].value in keys:
            return False
    return True
