"""WP102 in callbacks: a host clock read inside code the framework calls while the model's work is only queued.

A Hugging Face logits processor or stopping criterion (``class FirstToken(LogitsProcessor): def __call__(self, ids,
scores): self.t = time.perf_counter() - self.t0``) is called by ``generate`` with the step's logits as soon as the
forward pass has been launched; a forward (pre-)hook or a backward hook registered on a module
(``layer.register_forward_hook(stamp)``) runs when the module's call returns, that is when its kernels are queued.
A clock read there, with no synchronize before it in the callback, measures the launch, not the work (time to first
token, per-layer latency). A callback that synchronizes before it reads the clock is correct and not reported;
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
            elif ctx.is_clock(c) and not synced:
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
