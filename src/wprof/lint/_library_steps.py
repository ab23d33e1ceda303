"""Training engines whose ``step()`` waits for the device before it returns, by a fact of the library's own code.

DeepSpeed: ``engine, optimizer, _, _ = deepspeed.initialize(model=..., ...)``; ``engine.step()`` ends in the
engine's throughput timer, ``self.tput_timer.stop(...)`` (deepspeed/runtime/engine.py), which calls
``get_accelerator().synchronize()`` before it reads ``time.time()`` (deepspeed/utils/timer.py; the timer is on and
synchronized by default, ``"timers": {"throughput": {"enabled": true, "synchronized": true}}``, and before that
setting existed it always synchronized). The timer is started by the engine's forward when ``initialize`` was
handed no ``training_data`` (else by the engine's own data loader), and measures from the third step on
(``start_step=2``): in a run's steady state, the step returns once the backward pass and the update are done.
Not taken: an engine given ``training_data`` (the loop may not draw from the engine's loader, and then nothing
starts the timer), and a file that writes a ``"timers"`` setting itself (it may turn the timer or its synchronize
off). The engine's ``backward()`` is not a wait in general: it synchronizes only under some ZeRO settings (stage 2
with ``overlap_comm``), read from a configuration the linter does not see.
"""

from __future__ import annotations

import ast

from ._names import dotted

_INITIALIZE = frozenset({"deepspeed.initialize"})


def engine_step_waits(ctx, call: ast.Call) -> bool:
    """``call`` is ``engine.step()`` of a DeepSpeed engine bound only from ``deepspeed.initialize`` (module
    docstring)."""
    if not (isinstance(call.func, ast.Attribute) and call.func.attr == "step" and not call.keywords):
        return False
    d = dotted(call.func.value)
    if d is None:
        return False
    cache = ctx.__dict__.setdefault("_wp_ds_engines", {})
    if d not in cache:
        cache[d] = _engine_name(ctx, d)
    return cache[d]


def _engine_name(ctx, name: str, depth: int = 0) -> bool:
    if "timers" in _string_keys(ctx) or depth > 2:
        return False
    found = False
    for st in ctx.all_nodes():
        if not isinstance(st, (ast.Assign, ast.AnnAssign)) or st.value is None:
            continue
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        for t in targets:
            for i, el in enumerate(t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]):
                if dotted(el) != name:
                    continue
                v, pos = st.value, (i if isinstance(t, (ast.Tuple, ast.List)) else None)
                if pos is None and isinstance(v, ast.Subscript) and isinstance(v.slice, ast.Constant):
                    v, pos = v.value, v.slice.value
                if pos is None and isinstance(v, ast.Name):  # `self.engine = engine`
                    if not _engine_name(ctx, v.id, depth + 1):
                        return False
                    found = True
                    continue
                if not (isinstance(v, ast.Call) and (ctx.call_name(v) or "") in _INITIALIZE and pos == 0):
                    return False  # bound to something else too
                if any(k.arg == "training_data" for k in v.keywords) or len(v.args) > 4:
                    return False
                found = True
    return found


def _string_keys(ctx) -> set:
    keys = ctx.__dict__.get("_wp_dict_keys")
    if keys is None:
        keys = {k.value for n in ctx.all_nodes() if isinstance(n, ast.Dict)
                for k in n.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
        ctx.__dict__["_wp_dict_keys"] = keys
    return keys
