'''WP114 hidden-sync: `.item()`, `.cpu()`, `.tolist()` or printing a tensor on every step of a timed loop.

## What it does
Checks for calls that copy a tensor to the host, and so wait for the GPU, on every step of a timed loop: `.item()`,
`.cpu()`, `.tolist()`, `.numpy()`, and `print()` of a tensor (directly or in an f-string), inside a loop that a
measurement times (per-iteration samples, a loop between the two readings, or an interval started before a loop
and read inside it every N steps). Between CUDA event records any such call is reported. One finding per loop:
several syncs in the same step are one mistake.

Not reported: a host-timed region that ends with one such call after its last GPU work (it then acts as the
synchronize before the end read); a one-off call outside loops; a call under `if step % N == 0` (logging or a
checkpoint name every N steps); a value formatted into a file name or written to a file under a condition (the
last step's checkpoint); a call after the end reading or on a branch that does not read the clock; a call
in a `while` loop whose condition synchronizes every step anyway (a decode loop that stops on a token); a call
after an explicit synchronize in the same step with no GPU work between (the device is idle: it waits for
nothing); a call in a total interval (a program's "Total time") outside the finer intervals measured inside it;
and, since the tenth session, in the opt-in part, a copy inside a region whose number is meant to include it
(`rules/_number_purpose.py`): a training run (an optimizer step in the region: its loss `.item()` is part of the
epoch or step time; held-out verdicts false or borderline in 11 repositories) or a whole run labelled as one (the
copy back of a "host -> GPU -> host" round trip).

Default since the eighth session only for a `.item()` of a tensor the timed loop never changes (no statement of the
loop binds it), read on every iteration of a loop that runs GPU work of its own (`gemm(a, b, scale=s.item())`): the
copy waits for the previous iteration's kernels each time and can be read once before the loop. Default since the
sixteenth session also a **copy per parameter** (`rules/_param_syncs.py`): `.item()`, `.cpu()` or `.tolist()` inside
a loop over a model's parameters (`model.parameters()`, `named_parameters()`, a list filled from them, or a function
of the file that runs such a loop) that runs on every step of a timed training loop (a backward pass or an
optimizer step on the timed path), in the part of the loop that follows a restart of the start clock after the end
reading (nanoGPT's `t0 = t1`, then a logging block under `if it % log_interval == 0` with `log_interval = 1`: it runs
in the next step's interval). One wait per parameter multiplies the stall by the model's size. Not reported there:
the block under `step % N` with `N` other than 1, under a test one iteration meets (`if it == 0`), or after the end
reading of a clock restarted at the top of the next step. (Seventeenth session.) Nor such a loop inside the
step, before its end reading (`grad_norm(model)` between `backward()` and `optimizer.step()`): the step as the code
writes it, whose time honestly includes the norms it computes (a training inefficiency, not a timing mistake: set
105's verdict); only the logging work that leaks past the reading into the next step's interval distorts a figure. One `loss.item()` per
step or per micro-step stays in the opt-in part: held-out and development verdicts on it disagree (set 88's
`micro_loss += loss.item() / accum` unlabelled beside labelled ones in sets 60 and 76). The rest of the rule
is opt-in (shown when WP114 is selected by code, or with `extra`) since sets 14-16: held out, its default findings
were right 4 times in 15. Selected by code
(`--extend-select WP114`) it reports only on strong evidence: the copy runs on every step (not under an `if` whose
body puts no work on the GPU) and its value only feeds bookkeeping (`.item()`, a printed tensor, a copy passed to
`print`, `append`, a meter's `update`, or `+=`). Weak, shown only with `--extend-select extra`: a copy the step
computes with (logits sampled on the host), and a value that flows, inside the loop, into an `if`/`while` test, an
index, a `range` bound or the next torch or model call, followed through the names it is assigned to and the lists
it is appended to (speculative decoding comparing draft and verifier tokens, a sampled token fed back): there the
host needs the value, and the sync is the algorithm. An accumulator (`+=`, `avg = avg + ...`) is bookkeeping even
when its total is compared after the loop.

## Why is this bad?
Each one is a device synchronization you did not write: the host stops queueing work until the GPU catches up,
the GPU then idles while the host launches the next kernels, and that bubble is timed. In an evaluation or decode
loop a `loss.item()` every step keeps the GPU "busy" only part of the time; in a kernel benchmark it adds a host
round trip (~15 µs) to every sample. (In a training run the same read is part of the step time it measures.)

## Example
```python
start.record()
for batch in batches:
    loss = step(batch)
    print(f"loss {loss.item():.3f}")
end.record()
```

## Use instead
```python
losses = []
start.record()
for batch in batches:
    losses.append(step(batch).detach())
end.record()
end.synchronize()
print([x.item() for x in losses])
```

## Fix safety
No automatic fix.
'''

from __future__ import annotations

import ast

from .._context import HIDDEN_SYNC_METHODS, Context, dotted
from .._walk import stmt_calls, stmt_nodes
from .._regions import periodic, same_block_before
from ._hoistable import loop_invariant_copy

CODE = "WP114"
NAME = "hidden-sync"
FIX = "none"
GROUP = "default"  # only its loop-invariant (`_hoistable`) and per-parameter (`_param_syncs`) parts; the rest opt-in since sets 14-16: held-out default
# precision 4 of 15 (docs/lint.md), reported with `opt_in=True`


def _hidden(ctx: Context, c: ast.Call) -> str | None:
    m = ctx.method(c)
    if m in HIDDEN_SYNC_METHODS and not c.args and not c.keywords:
        recv = c.func.value  # type: ignore[attr-defined]
        if m == "tolist" and not (ctx.is_tensorish(recv) or ctx.placement(recv) == "cuda"):
            return None  # `batch["text"][i].tolist()`, `dataset.get(j).tolist()`: lists and NumPy arrays too
        return f"`.{m}()`"
    if isinstance(c.func, ast.Name) and c.func.id == "print" and ctx.call_name(c) == "print":
        for a in c.args:
            vals = [v.value for v in a.values if isinstance(v, ast.FormattedValue)] \
                if isinstance(a, ast.JoinedStr) else [a]
            for v in vals:
                if isinstance(v, (ast.Name, ast.Attribute)) and ctx.is_tensorish(v):
                    return f"`print({ctx.text(v)})`"
    return None


def check(ctx: Context) -> None:
    if not ctx.uses_gpu:
        return
    seen: set[int] = set()
    found: dict[int, list] = {}  # one finding per loop: the mistake is "a sync every step of this loop"
    hoistable: dict[int, tuple[ast.Call, str]] = {}
    by_scope: dict[int, list] = {}
    for q in ctx.regions:
        if q.kind == "host":
            by_scope.setdefault(id(q.scope), []).append(q)
    for lst in by_scope.values():
        lst.sort(key=lambda q: q.lo)
    los = {k: [q.lo for q in lst] for k, lst in by_scope.items()}
    from ._number_purpose import meant_to_include
    from ._param_syncs import per_parameter_copies

    per_param: dict[int, tuple[ast.Call, ast.stmt]] = {}  # the default per-parameter part, one per timed loop
    for r in ctx.regions:
        hit = per_parameter_copies(ctx, r)
        if hit is not None:
            per_param.setdefault(id(hit[1]), hit)
    for c, loop in per_param.values():
        helper = not isinstance(loop, (ast.For, ast.AsyncFor))
        what = f"`{ctx.text(c.func)}()`, whose loop over the model's parameters copies a tensor to the host" if \
            helper else f"`.{ctx.method(c)}()` in a loop over the model's parameters"
        ctx.report(c, f"{what} on every step of the timed training loop: one host round trip per parameter, each "
                   "waiting for its own kernel, is counted in the step time (and the throughput read from it)",
                   "Compute the norms on the device and copy one tensor (torch.stack(...).tolist()), or only on "
                   "logging steps outside the step clock")
    for r in ctx.regions:
        purpose = meant_to_include(ctx, r)  # a whole run or a training run: its own host reads are part of it
        stmts = r.stmts()
        work_idx = [s._wp_idx for s in stmts if ctx.gpu_work_in(stmt_nodes(s))]  # type: ignore[attr-defined]
        start_stmt = r.scope.stmts[r.lo]
        end_stmt = r.scope.stmts[r.hi] if r.kind == "host" and r.hi < len(r.scope.stmts) else None
        work_set = set(work_idx)
        inner = _inner_regions(r, by_scope.get(id(r.scope), []), los.get(id(r.scope), []))
        for s in stmts:
            for c in _own_calls(s):
                what = _hidden(ctx, c)
                if what is None or id(c) in seen:
                    continue
                if periodic(s, ctx) or (end_stmt is not None and exclusive(s, end_stmt)):
                    continue  # once every N steps (logging, checkpoint names), or on a path without the end read
                if _names_a_file(ctx, c, s):
                    continue  # `torch.save(m, f"best_{loss.item():.3f}.pt")` under an `if`: when a file is written
                if _stored_result(ctx, c, s):
                    continue  # `store[k] = q.cpu()`: a result kept on the host, the copy is part of the work
                if s._wp_loops and _loop_syncs_itself(ctx, s._wp_loops[-1]):  # type: ignore[attr-defined]
                    continue  # `while not done(tokens):` waits every step anyway: the copy adds no wait
                if end_stmt is not None and periodic(s) and same_block_before(s, end_stmt) and \
                        not any(s._wp_idx < i < end_stmt._wp_idx for i in work_idx):  # type: ignore[attr-defined]
                    continue  # under the logging `if`, right before its end read: the synchronize that read needs
                if inner and not any(q.lo < s._wp_idx < q.hi for q in inner):  # type: ignore[attr-defined]
                    continue  # a total ("Total time") around finer intervals: outside them is the run's own work
                if _after_explicit_sync(ctx, r, s, work_set):
                    continue  # `torch.cuda.synchronize()` then `loss.item()`: the device is idle, the copy waits for nothing
                spans = end_stmt is not None and spans_iterations(s, start_stmt, end_stmt)
                later_work = any(i > s._wp_idx for i in work_idx)  # type: ignore[attr-defined]
                if r.kind != "event" and r.loop is None and not r.in_loop(c) and not spans:
                    continue  # once per interval: the barrier before the end read, or a one-off sync of the work
                if r.kind != "event" and r.loop is not None and not later_work:
                    continue  # per-iteration host region: the last thing before the end read
                held = loop_invariant_copy(ctx, c, s) if s._wp_loops and (spans or r.kind == "event" or
                                                                      r.in_loop(c)) else None  # type: ignore
                if purpose is not None and held is None:
                    continue  # the loss `.item()` an epoch time really does, the copy back a round trip includes
                seen.add(id(c))
                key = id(s._wp_loops[-1]) if s._wp_loops else id(c)  # type: ignore[attr-defined]
                found.setdefault(key, []).append((c, what, not _strong(ctx, c, s)))
                if held is not None:
                    hoistable.setdefault(key, (c, held))
    for key, cands in found.items():  # one finding per loop: its first strong copy, else its first (weak) one
        if key in per_param:
            continue  # already reported by the per-parameter part
        if key in hoistable:  # the default part: a copy of a value the loop never changes
            c, held = hoistable[key]
            ctx.report(c, f"`{held}.{ctx.method(c)}()` copies a tensor the timed loop never changes to the host on "
                       "every iteration: each one waits for the GPU to finish the previous iteration, so the loop "
                       "measures its iterations one round trip apart, not queued back to back",
                       "Read the value once before the timed loop")
            continue
        c, what, weak = next((x for x in cands if not x[2]), cands[0])
        ctx.report(c, f"{what} synchronizes inside the timed region", "Move it after the end of the timed region",
                   weak=weak, opt_in=True)


_BOOKKEEPING = ("append", "extend", "update", "log", "write", "add_scalar", "add_scalars", "info", "set_postfix")


def _does_gpu_work(ctx: Context, branch: ast.If) -> bool:
    """The ``if`` is part of the step itself (an optimizer step at the gradient-accumulation boundary): its body
    puts work on the GPU."""
    cached = getattr(branch, "_wp_steps", None)
    if cached is None:
        cached = any(ctx.gpu_work_in(stmt_nodes(t)) for b in branch.body for t in ast.walk(b)
                     if isinstance(t, ast.stmt))
        branch._wp_steps = cached  # type: ignore[attr-defined]
    return cached


def _strong(ctx: Context, c: ast.Call, stmt: ast.stmt) -> bool:
    """Strong evidence that the copy is a stall the measurement did not need: it runs on every step (no ``if``
    between it and its loop) and its value only feeds bookkeeping (``.item()``, a printed tensor, or a copy that goes
    into ``print``/``append``/a meter's ``update``/``+=``). A copy whose value the step goes on to compute with
    (logits copied to sample on the host) is part of the work; one under an ``if`` may be an error path."""
    loop = stmt._wp_loops[-1] if stmt._wp_loops else None  # type: ignore[attr-defined]
    node = getattr(stmt, "_wp_parent", None)
    while node is not None and node is not loop:
        if isinstance(node, ast.If) and not _does_gpu_work(ctx, node):
            return False  # `if num_nan: print(...); exit()`: an error or report path, not the step
        node = getattr(node, "_wp_parent", None)
    if _feeds_the_work(ctx, c, stmt):
        return False  # `if draft_tok == target_tok:`, `torch.tensor([[tok]], device=...)`: the host needs the value
    m = ctx.method(c)
    if m == "item" or m is None:  # `.item()`, or `print(tensor)`
        return True
    if isinstance(stmt, ast.AugAssign):
        return True
    node = getattr(c, "_wp_parent", None)
    while node is not None and not isinstance(node, ast.stmt):
        if isinstance(node, ast.Call) and ((ctx.method(node) or "") in _BOOKKEEPING or ctx.call_name(node) == "print"):
            return True
        node = getattr(node, "_wp_parent", None)
    return False


def _feeds_the_work(ctx: Context, c: ast.Call, stmt: ast.stmt) -> bool:
    """The copied value flows, inside the loop that holds the copy, into control flow (an ``if``/``while`` test, a
    ``range`` bound), an index, or the next computation (a torch call, GPU work, a model's argument): the algorithm
    needs it on the host (speculative decoding comparing draft and verifier tokens, a token sampled on the host and
    fed back). Followed through names assigned from it and lists it is appended to (``for p in proposals:``), until
    the name is bound again; a value that only reaches ``print``, a logger, a meter or an accumulator is not."""
    loops = stmt._wp_loops  # type: ignore[attr-defined]
    scope = stmt._wp_scope  # type: ignore[attr-defined]
    lo, hi = (loops[0]._wp_idx, loops[0]._wp_end) if loops else (stmt._wp_idx, len(scope.stmts) - 1)
    todo: list[ast.AST] = [c]
    seen: set[str] = set()
    while todo:
        node = todo.pop()
        verdict, names = _sink(ctx, node)
        if verdict:
            return True
        for name, at in names:
            if name in seen or len(seen) > 16:
                continue
            seen.add(name)
            todo.extend(_live_loads(ctx, name, at, scope, lo, hi))
    return False


def _sink(ctx: Context, node: ast.AST) -> tuple[bool, list[tuple[str, ast.stmt]]]:
    """Where the value of ``node`` goes within its statement: (needed by the algorithm, names it is bound to)."""
    child, parent = node, getattr(node, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Call) and child is not parent.func:
            name = ctx.call_name(parent) or ""
            m = ctx.method(parent)
            if name == "print" or (m in _BOOKKEEPING and m not in ("append", "extend")):
                return False, []  # printed, logged, a meter's update
            if m in ("append", "extend", "add", "insert") and isinstance(parent.func, ast.Attribute):
                key = dotted(parent.func.value)
                return False, [(key, parent._wp_stmt)] if key else []  # type: ignore[attr-defined]
            if name == "range" or name.startswith(("torch.", "cupy.", "triton.")) or ctx.is_gpu_work(parent):
                return True, []  # a loop bound, a tensor built from it, a model's argument
        elif isinstance(parent, ast.Subscript) and child is parent.slice:
            return True, []  # an index
        elif isinstance(parent, ast.IfExp) and child is parent.test:
            return True, []
        elif isinstance(parent, (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp, ast.Lambda)):
            return False, []
        child, parent = parent, getattr(parent, "_wp_parent", None)
    stmt = parent
    if isinstance(stmt, (ast.If, ast.While)) and child is stmt.test:
        return True, []
    if isinstance(stmt, (ast.For, ast.AsyncFor)) and child is stmt.iter:
        return False, [(n.id, stmt) for n in ast.walk(stmt.target) if isinstance(n, ast.Name)]
    if isinstance(stmt, ast.Assign) and child is stmt.value:
        own = {n.id for n in ast.walk(stmt.value) if isinstance(n, ast.Name)}
        if any(isinstance(t, ast.Name) and t.id in own for t in stmt.targets):
            return False, []  # `avg = avg + (loss.item() - avg) / (i + 1)`: an accumulator, as `+=` is
        return False, [(n.id, stmt) for t in stmt.targets for n in ([t] if isinstance(t, ast.Name) else
                       (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [])) if isinstance(n, ast.Name)]
    return False, []


def _live_loads(ctx: Context, name: str, at: ast.stmt, scope, lo: int, hi: int) -> list[ast.AST]:
    """Loads of ``name`` in statements ``lo..hi`` of ``scope`` that can see the binding made at ``at``: after it
    until the name is bound again, and (the next iteration) from the loop's start until its first binding there."""
    idx = at._wp_idx  # type: ignore[attr-defined]
    binds = sorted(s._wp_idx for s in ctx.scope_assigns(name, scope)  # type: ignore[attr-defined]
                   if lo <= s._wp_idx <= hi and s is not at)  # type: ignore[attr-defined]
    after_end = next((b for b in binds if b > idx), hi + 1)
    wrap_end = binds[0] if binds and binds[0] < idx else idx
    out = []
    for ld in ctx.scope_loads(name, scope):
        s = ld._wp_stmt  # type: ignore[attr-defined]
        i = s._wp_idx  # type: ignore[attr-defined]
        if (idx < i < after_end) or (lo <= i < wrap_end and i <= hi):
            if isinstance(getattr(ld, "_wp_parent", None), ast.Attribute) and ld._wp_parent.value is ld and \
                    isinstance(ld._wp_parent._wp_parent, ast.Call) and \
                    ld._wp_parent._wp_parent.func is ld._wp_parent:  # type: ignore[attr-defined]
                continue  # `proposals.append(...)`, `proposals.clear()`: the container's own methods
            out.append(ld)
    return out


def _inner_regions(r, same_scope: list, los: list[int]) -> list:
    """Host intervals strictly inside ``r`` (``translate_time`` inside a program's ``Total time``)."""
    import bisect

    if r.kind != "host":
        return []
    k = bisect.bisect_right(los, r.lo)
    out = []
    for q in same_scope[k:]:
        if q.lo >= r.hi:
            break
        if q.hi < r.hi:
            out.append(q)
    return out


def _after_explicit_sync(ctx: Context, r, s: ast.stmt, work_idx: set[int]) -> bool:
    """An explicit synchronize comes earlier in the same loop iteration with no GPU work between it and ``s``."""
    loop = s._wp_loops[-1] if s._wp_loops else None  # type: ignore[attr-defined]
    for j in range(s._wp_idx - 1, -1, -1):  # type: ignore[attr-defined]
        if j in work_idx:
            return False
        t = r.scope.stmts[j]
        if t is loop or (loop is not None and (not t._wp_loops or t._wp_loops[-1] is not loop)):
            return False
        if any(ctx.is_sync(c, hidden=False) for c in stmt_calls(t)):
            return True
    return False


_FILE_CALLS = ("save", "open", "join", "makedirs", "mkdir", "write", "savefig", "save_pretrained", "dump")


def _names_a_file(ctx: Context, c: ast.Call, stmt: ast.stmt) -> bool:
    """The value goes into a file name or a file's content (a checkpoint name, a log file), in a statement that runs
    under a condition (a new best, an interval): when a file is written, not on every step."""
    if not isinstance(getattr(stmt, "_wp_parent", None), ast.If):
        return False
    node = getattr(c, "_wp_parent", None)
    while node is not None and not isinstance(node, ast.stmt):
        if isinstance(node, ast.Call) and (ctx.method(node) or (dotted(node.func) or "")).rsplit(".", 1)[-1] \
                in _FILE_CALLS:
            return True
        node = getattr(node, "_wp_parent", None)
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:  # path = f"...{x.item()}..."; torch.save(m, path)
        name = dotted(stmt.targets[0])
        later = [ld for ld in ctx.loads(name)] if name else []
        return bool(later) and all(
            isinstance(getattr(ld, "_wp_parent", None), ast.Call)
            and (ctx.method(ld._wp_parent) or dotted(ld._wp_parent.func) or "").rsplit(".", 1)[-1]  # type: ignore
            in _FILE_CALLS for ld in later)
    return False


def _stored_result(ctx: Context, c: ast.Call, stmt: ast.stmt) -> bool:
    """A copy of a tensor's data to the host (``.cpu()``, ``.numpy()``) stored as it is into a container by index
    (``store[k] = q.cpu()``, ``out[name] = w.cpu().numpy()``): a result the phase keeps on the host (a compressed
    weight, an offloaded layer), part of the work the interval measures, not bookkeeping."""
    if ctx.method(c) not in ("cpu", "numpy") or not isinstance(stmt, ast.Assign) or \
            not all(isinstance(t, ast.Subscript) for t in stmt.targets):
        return False
    v = stmt.value
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v is not c and \
            v.func.attr in ("numpy", "cpu", "float", "half", "clone", "detach", "contiguous"):
        v = v.func.value
    return v is c


def _loop_syncs_itself(ctx: Context, loop: ast.stmt) -> bool:
    """A ``while`` loop whose condition synchronizes (a decode loop that stops on a token): every step waits for
    the device before it starts, whatever the body does."""
    return isinstance(loop, ast.While) and any(ctx.is_sync(c) for c in _own_calls(loop))


def _branches(stmt: ast.AST) -> dict[int, str]:
    """For each ``if`` above ``stmt``: which branch ``stmt`` is in."""
    out: dict[int, str] = {}
    child, node = stmt, getattr(stmt, "_wp_parent", None)
    while isinstance(node, ast.AST) and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module,
                                                              ast.ClassDef)):
        if isinstance(node, ast.If):
            out[id(node)] = "body" if child in node.body else "orelse"
        child, node = node, getattr(node, "_wp_parent", None)
    return out


def exclusive(a: ast.stmt, b: ast.stmt) -> bool:
    """``a`` and ``b`` sit in different branches of one ``if``/``elif``: never both on one path."""
    ba, bb = _branches(a), _branches(b)
    return any(k in bb and bb[k] != v for k, v in ba.items())


def spans_iterations(stmt: ast.stmt, start: ast.stmt, end: ast.stmt) -> bool:
    """The interval is started outside a loop and read inside it (restarted there): ``stmt``, in that loop, runs
    on every iteration between the two readings."""
    return any(lp in end._wp_loops and lp not in start._wp_loops  # type: ignore[attr-defined]
               for lp in stmt._wp_loops)  # type: ignore[attr-defined]


def _own_calls(stmt: ast.stmt) -> list[ast.Call]:
    from .._walk import stmt_calls

    return stmt_calls(stmt)
