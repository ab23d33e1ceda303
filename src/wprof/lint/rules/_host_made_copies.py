"""WP104's host-made constants: data built on the host and copied to the device in every timed sample.

``torch.zeros(n).cuda()``, ``torch.tril(torch.ones(s, s)).to(device)``, ``torch.tensor([0.299, 0.587, 0.114],
device=x.device)``, ``torch.from_numpy(np.eye(n)).cuda()``, ``cp.asarray(np.ones(n))``: the host fills a buffer and
copies it to the device, and a copy from pageable host memory is synchronous (torch waits for the stream after it),
so every sample pays a host fill, a transfer and a wait for the GPU, beside the work it means to time. Reported when
the value is the same in every sample (every name it reads is bound outside the repeated code: it could be built
once before the timed loop) and the copy is repeated: between the readings of a region taken once per loop
iteration, in a loop inside a timed region, or in the callable a harness runs once per sample (``do_bench(lambda:
add(x, y))``), directly or one call deep in a function of the file. Not reported: data that changes per sample (a
position ``torch.tensor([n + i], device=...)``, a batch from a loader), a factory that allocates on the device
itself (``torch.zeros(n, device="cuda")``, opt-in), a copy in a region that only times copies, a one-off copy.
"""

from __future__ import annotations

import ast

from .._context import Context
from .._samples import harness_bodies
from .._walk import stmt_nodes

_HOST_FACTORIES = frozenset({"zeros", "ones", "full", "empty", "arange", "linspace", "eye", "tensor", "as_tensor"})
# (not `*_like`: it keeps its argument's device; not a random draw: new data in every sample, an input drawn afresh)
_LITERAL_TENSORS = frozenset({"torch.tensor", "torch.as_tensor", "torch.Tensor", "torch.FloatTensor",
                              "torch.LongTensor"})


_CASTS = frozenset({"float", "half", "long", "int", "bool", "byte", "double", "bfloat16", "contiguous", "t"})


def _device_kw(call: ast.Call) -> ast.AST | None:
    return next((k.value for k in call.keywords if k.arg == "device"), None)


def _cpu(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.split(":")[0] == "cpu"


def _host_made(ctx: Context, node: ast.AST) -> bool:
    """``node`` computes host data from constants: a torch factory without a device (or on the CPU), a NumPy call,
    or torch/NumPy arithmetic on such values (``torch.tril(torch.ones(s, s))``)."""
    if not isinstance(node, ast.Call):
        return False
    q = ctx.call_name(node) or ""
    head, _, last = q.rpartition(".")
    if head == "numpy" or head.startswith("numpy.") and not head.startswith("numpy.random"):
        return True  # (a NumPy random draw is new data in every sample, like a torch one)
    if head != "torch":
        return False
    dev = _device_kw(node)
    if dev is not None and not _cpu(dev):
        return False
    if last in _HOST_FACTORIES:
        return True
    return any(_host_made(ctx, a) for a in node.args)  # torch.tril(torch.ones(...)), torch.diag(torch.ones(n))


def _chosen(call: ast.Call) -> bool:
    """The copy is one branch of a conditional expression (``logp if ok else torch.zeros(n).cuda()``): a fallback
    value the algorithm picks per step, not data prepared for the measurement."""
    node, parent = call, getattr(call, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.IfExp) and node is not parent.test:
            return True
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def host_made_copy(ctx: Context, call: ast.Call) -> bool:
    """``call`` puts host-made data on the device: ``<host-made>.cuda()``, ``<host-made>.to(<device>)``,
    ``torch.tensor(<literal>, device=<GPU>)``, ``torch.from_numpy(<numpy call>).cuda()``, ``cupy.asarray(<numpy
    call>)``; not a branch of a conditional expression."""
    if _chosen(call):
        return False
    q = ctx.call_name(call) or ""
    if q in _LITERAL_TENSORS and call.args and isinstance(call.args[0], (ast.List, ast.Tuple)) and \
            _literal(call.args[0]):  # (not a scalar: `torch.tensor(0.0, device=d)` is a zero loss, a placeholder)
        dev = _device_kw(call)
        return dev is not None and not _cpu(dev)
    if q in ("cupy.asarray", "cupy.array") and call.args:
        inner = call.args[0]
        return _host_made(ctx, inner)
    m = ctx.method(call)
    if m not in ("cuda", "to") or not isinstance(call.func, ast.Attribute):
        return False
    if m == "to":
        if not call.args or _cpu(call.args[0]) or _dtype(ctx, call.args[0]):
            return False
    recv = call.func.value
    if isinstance(recv, ast.Call) and ctx.call_name(recv) == "torch.from_numpy" and recv.args:
        recv = recv.args[0]
    while isinstance(recv, ast.Call) and isinstance(recv.func, ast.Attribute) and \
            ctx.method(recv) in _CASTS:
        recv = recv.func.value  # torch.ones(n).float().cuda()
    return _host_made(ctx, recv)


def _literal(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
    if isinstance(node, (ast.List, ast.Tuple)):
        return bool(node.elts) and all(_literal(e) or (isinstance(e, ast.UnaryOp) and _literal(e.operand))
                                       for e in node.elts)
    return False


def _dtype(ctx: Context, node: ast.AST) -> bool:
    q = ctx.text(node)
    return q.startswith("torch.") and not q.startswith("torch.device")


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _bound_in(fn: ast.AST) -> set[str]:
    out: set[str] = set()
    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        a = fn.args
        out.update(x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs))
        if a.vararg:
            out.add(a.vararg.arg)
        if a.kwarg:
            out.add(a.kwarg.arg)
    body = fn.body if isinstance(getattr(fn, "body", None), list) else [getattr(fn, "body", fn)]
    for st in body:
        for n in ast.walk(st):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                out.add(n.id)
    return out


def _copies_in_function(ctx: Context, fn: ast.AST) -> list[ast.Call]:
    """Host-made copies a function of the file makes in its own body, of values its parameters and locals do not
    change (the same in every call). Memoized per function (every region that calls it asks)."""
    cache = ctx.__dict__.setdefault("_wp_fn_host_copies", {})
    if id(fn) not in cache:
        cache[id(fn)] = _find_copies_in_function(ctx, fn)
    return cache[id(fn)]


def _find_copies_in_function(ctx: Context, fn: ast.AST) -> list[ast.Call]:
    bound = _bound_in(fn)
    out = []
    for st in getattr(fn, "body", []):
        for n in ast.walk(st):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                continue
            if isinstance(n, ast.Call) and host_made_copy(ctx, n) and not (_names(n) & bound - {"torch", "np"}):
                out.append(n)
    return out


def _called_functions(ctx: Context, calls: list[ast.Call]) -> list[ast.AST]:
    out = []
    for c in calls:
        if isinstance(c.func, ast.Name):
            fn = ctx.functions.get(c.func.id)
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn not in out:
                out.append(fn)
    return out


def host_made_findings(ctx: Context) -> list[tuple[ast.Call, str]]:
    """(copy, label) for each host-made constant copied to the device in every sample; ``label`` names the
    harness that runs the sample, or is empty for a region of the file."""
    out: list[tuple[ast.Call, str]] = []
    seen: set[int] = set()

    def add(c: ast.Call, label: str) -> None:
        if id(c) not in seen:
            seen.add(id(c))
            out.append((c, label))

    for body in harness_bodies(ctx):
        bound = body.bound()
        calls = body.calls()
        for c in calls:
            if host_made_copy(ctx, c) and not (_names(c) & bound):
                add(c, body.label)
        for fn in _called_functions(ctx, calls):
            for c in _copies_in_function(ctx, fn):
                add(c, body.label)
    from ._number_purpose import meant_to_include

    for r in ctx.regions:
        if r.outer is not None or not _other_work(ctx, r) or meant_to_include(ctx, r) is not None:
            continue  # (a whole run's or a training run's own constants are part of it: `_number_purpose`)
        stmts = r.stmts()
        loop = r.loop
        for st in stmts:
            inner = None if loop is not None else next((lp for lp in reversed(st._wp_loops)  # type: ignore
                                                        if r.contains(lp)), None)
            repeat = loop if loop is not None else inner
            if repeat is None:
                continue  # a one-off copy in a region taken once
            lo, hi = repeat._wp_idx, repeat._wp_end  # type: ignore[attr-defined]
            calls = [n for n in stmt_nodes(st) if isinstance(n, ast.Call)]
            for c in calls:
                if host_made_copy(ctx, c) and not _varies(ctx, c, r, lo, hi):
                    add(c, "")
            for fn in _called_functions(ctx, calls):
                for c in _copies_in_function(ctx, fn):
                    add(c, "")
    return out


def _varies(ctx: Context, c: ast.Call, r, lo: int, hi: int) -> bool:
    """A name ``c`` reads is bound inside the repeated loop (the target of any loop around ``c``, or an assignment
    in the loop's body)."""
    names = _names(c)
    for loop in c._wp_stmt._wp_loops:  # type: ignore[attr-defined]
        target = getattr(loop, "target", None)
        if target is not None and names & {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}:
            return True
    for name in names:
        for st in ctx.scope_assigns(name, r.scope):
            if lo <= st._wp_idx <= hi:  # type: ignore[attr-defined]
                return True
    return False


def _other_work(ctx: Context, r) -> bool:
    """The region runs GPU work besides host-made copies (not a region that times the transfer itself)."""
    for s in r.stmts():
        for w in ctx.gpu_work_in(stmt_nodes(s)):
            if not (isinstance(w, ast.Call) and (host_made_copy(ctx, w) or ctx.method(w) in ("cuda", "to"))):
                return True
    return False
