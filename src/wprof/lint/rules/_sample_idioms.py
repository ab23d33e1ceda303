"""WP105's samples in the shapes a timing helper hands them back (twenty-first session, meanidioms).

- **A helper's sample averaged where it is made.** A function of the file that returns one interval
  (``return start.elapsed_time(end)``, ``return time.perf_counter() - t0``) is a sample per call; called in a
  comprehension or generator that goes straight into a mean (``sum(time_gpu(f) for _ in range(runs)) / runs``,
  ``np.mean([bench() for _ in range(n)])``), the samples are never named, and their count is the comprehension's.
- **A sample in a returned record.** A function of the file whose every return is a dict literal with a key whose
  value is an interval (``return {"latency": latency, "tokens": n}``), its result bound to a name
  (``stats = run_one_batch(...)``) and that key stored (``latencies.append(stats["latency"])``): each call is a
  sample, as when the interval is returned alone or inside a tuple (:mod:`._tuple_samples`).
- **A harness's count.** ``cupyx.profiler.benchmark(f, args, n_repeat=5)`` takes ``n_repeat`` samples (10,000 when
  not given): a count the file gives, a literal or a name, a parameter's default or the value each call hands it.
"""

from __future__ import annotations

import ast

from .._context import Context

_WRAPS = frozenset({"float", "round", "abs"})


def helper_sample_comps(ctx: Context) -> list[tuple[ast.AST, ast.Call]]:
    """(comprehension, the helper call it repeats) for each unnamed comprehension or generator whose element is a
    call of a function of the file that returns one interval (maybe scaled: ``time_fn(f) * 1e3``)."""
    from .._regions import _samples_of
    from ._sample_sources import _helper_samples

    out = []
    for c in _helper_samples(ctx):
        node, parent = c, getattr(c, "_wp_parent", None)
        while isinstance(parent, ast.BinOp) and parent.left is node and \
                isinstance(parent.op, (ast.Mult, ast.Div)) or \
                isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in _WRAPS:
            node, parent = parent, getattr(parent, "_wp_parent", None)
        if not isinstance(parent, (ast.ListComp, ast.GeneratorExp)) or parent.elt is not node:
            continue
        if _samples_of(ctx, c) is not None or isinstance(getattr(parent, "_wp_parent", None), ast.Assign):
            continue  # `times = [once() for _ in range(n)]`: a named list, judged as one
        targets = {n.id for g in parent.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
        if any(isinstance(n, ast.Name) and n.id in targets for n in ast.walk(c)):
            continue  # `[timed_at(n) for n in sizes]`: one sample of each size, not a sample repeated
        out.append((parent, c))
    return out


def record_sample_lists(ctx: Context) -> set[str]:
    """The containers the interval fields of returned records are stored in (``latencies.append(stats["latency"])``
    with ``stats = run(...)``, ``run`` returning ``{"latency": end - start, ...}`` at every return)."""
    from .._regions import _samples_of
    from ._sample_sources import _is_interval

    slots: dict[str, set[str]] = {}
    from ._tuple_samples import assigned_calls, literal_returns

    for name, scope, returns in literal_returns(ctx, ast.Dict):
        keys = None
        for st in returns:
            mine = {k.value for k, v in zip(st.value.keys, st.value.values)  # type: ignore[attr-defined]
                    if isinstance(k, ast.Constant) and isinstance(k.value, str) and _is_interval(ctx, v, scope, st)}
            keys = mine if keys is None else keys & mine
        if keys:
            slots[name] = keys
    out: set[str] = set()
    for c, st in assigned_calls(ctx, slots, ast.Name):
        scope = st._wp_scope  # type: ignore[attr-defined]
        for load in ctx.scope_loads(st.targets[0].id, scope):
            sub = getattr(load, "_wp_parent", None)
            if not (isinstance(sub, ast.Subscript) and sub.value is load and isinstance(sub.slice, ast.Constant)
                    and sub.slice.value in slots[c.func.id] and load._wp_stmt._wp_idx > st._wp_idx):  # type: ignore
                continue
            key = _samples_of(ctx, sub)
            if key is not None:
                out.add(key)
    return out




def arange_elements(ctx: Context, call: ast.Call) -> int | None:
    """Elements of ``np.arange(n)``, ``np.arange(start, stop)`` or ``np.arange(start, stop, step)`` with integer
    bounds the file gives (``cuda.to_device(np.arange(N, dtype=np.float32))``: a device array of N elements)."""
    from ._tensor_sizes import _int_value

    vals = [_int_value(ctx, a) for a in call.args]
    if None in vals:
        return None
    start, stop, step = (0, vals[0], 1) if len(vals) == 1 else (vals[0], vals[1], vals[2] if len(vals) == 3 else 1)
    if not step or step < 0:
        return None
    return max(0, -(-(stop - start) // step))  # type: ignore[operator]
