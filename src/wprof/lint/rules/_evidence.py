"""Strong evidence (precision first): what the code itself shows about where work runs and which paths run only
on the CPU. Shared by the rules that report host-clock and warmup mistakes."""

from __future__ import annotations

import ast

from .._context import Context, dotted


def call_sites(ctx: Context, name: str) -> list[ast.Call]:
    index = ctx.__dict__.get("_call_sites")
    if index is None:  # last name -> call sites, built once (linear in the file)
        index = {}
        for c in ctx.calls:
            d = dotted(c.func)
            if d is not None:
                index.setdefault(d.rsplit(".", 1)[-1], []).append(c)
        ctx._call_sites = index  # type: ignore[attr-defined]
    return index.get(name, [])


# ---------------------------------------------------------------- strong evidence (precision first)
# On code nobody here wrote, a finding is right almost always only when the code itself shows the mistake: the
# work is on tensors known to live on the GPU and every call between the readings is known not to synchronize. A
# call into a model, a helper or a library may synchronize inside (`generate()`, a `train()` with `.item()`), a
# tensor of unknown placement may be on the CPU: findings that rest on such guesses are weak and are reported only
# with the group `extra` (see docs/lint.md, "Set 11").

def on_gpu(ctx: Context, node: ast.AST) -> bool:
    """``node`` (a call or ``a @ b``) is shown to run on the GPU: a kernel launch ``k[grid](...)``, or an operand,
    argument or receiver whose placement is known to be ``cuda``."""
    if isinstance(node, ast.BinOp):
        return ctx.placement(node) == "cuda" or ctx.placement(node.left) == "cuda" or \
            ctx.placement(node.right) == "cuda"
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Subscript):
        return True
    operands = list(node.args) + [k.value for k in node.keywords]
    if isinstance(node.func, ast.Attribute):
        operands.append(node.func.value)
    if any(ctx.placement(a) == "cuda" for a in operands) or ctx.imported_moves_to_gpu(node):
        return True  # (a function of another module of the project that moves its data to the GPU itself)
    model = dotted(node.func.value if isinstance(node.func, ast.Attribute) else node.func)
    return model is not None and model_on_gpu(ctx, model)


def model_on_gpu(ctx: Context, name: str) -> bool:
    """``name`` is a model the file put on the GPU: bound from a chain with ``.cuda()``, ``.to(<a cuda device>)``
    or ``from_pretrained(..., device_map=...)``, or moved in place (``model.to(device)`` as a statement, the device
    a GPU one). ``model(x)`` and ``model.generate(ids)`` then run on the GPU whatever their inputs look like."""
    cache = ctx.__dict__.setdefault("_wp_model_gpu", {})
    if name in cache:
        return cache[name]
    cache[name] = False

    def moved(v: ast.AST) -> bool:
        while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute):
            if v.func.attr == "cuda" or (v.func.attr == "to" and ctx.placement(v) == "cuda"):
                return True
            if v.func.attr == "from_pretrained" and any(
                    k.arg == "device_map" and ctx._device_value(k.value) != "cpu" for k in v.keywords):
                return True
            v = v.func.value
        return False

    def wraps(v: ast.AST) -> bool:  # pipeline("text-generation", model=model) of a model on the GPU
        return isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in ctx.imports and any(
            isinstance(a, ast.Name) and a.id != name and model_on_gpu(ctx, a.id)
            for a in [*v.args, *(k.value for k in v.keywords)])

    out = any(moved(v) or wraps(v) for v in ctx.assigns.get(name, ()))
    if not out:
        for ld in ctx.loads(name):
            call = getattr(getattr(ld, "_wp_parent", None), "_wp_parent", None)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.value is ld and \
                    isinstance(getattr(call, "_wp_parent", None), ast.Expr) and moved(call):
                out = True
                break
    cache[name] = out
    return out


def cpu_only(ctx: Context, stmt: ast.stmt, depth: int = 0) -> bool:
    """``stmt`` runs only when the device is the CPU: in the CPU branch of a device test (``if device == "cpu":``,
    the ``else`` of ``if torch.cuda.is_available():``), after an ``if device == "cuda": ...; return`` in its block,
    or in a function every caller of which calls it only on such a path (``timed_cpu(...)`` under
    ``if device == "cpu":``)."""
    node: ast.AST = stmt
    parent = getattr(stmt, "_wp_parent", None)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module,
                                                         ast.ClassDef, ast.Lambda)):
        if isinstance(parent, ast.If):
            side = _device_side(parent.test)
            if (side == "cpu" and node in parent.body) or (side == "cuda" and node in parent.orelse):
                return True
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and _after_cuda_exit(ctx, block, node, (ast.Return, ast.Raise)):
                return True
        node, parent = parent, getattr(parent, "_wp_parent", None)
    if isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
        ends = (ast.Raise,) if isinstance(parent, ast.Module) else (ast.Return, ast.Raise)
        if _after_cuda_exit(ctx, parent.body, node, ends):
            return True
    if depth == 0 and isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
        memo = ctx.__dict__.setdefault("_wp_cpu_fn", {})  # once per function name (its call sites are by name)
        if parent.name not in memo:
            sites = [c for c in call_sites(ctx, parent.name) if dotted(c.func) in (parent.name, f"self.{parent.name}")]
            memo[parent.name] = bool(sites) and all(cpu_only(ctx, c._wp_stmt, 1)  # type: ignore[attr-defined]
                                                    for c in sites)
        return memo[parent.name]
    return False


def _after_cuda_exit(ctx: Context, block: list, node: ast.AST, ends: tuple) -> bool:
    """``node`` comes, in ``block``, after an ``if <cuda>: ...; return`` (no ``else``). Positions and the first such
    ``if`` are found once per block (a module body of thousands of statements is scanned once, not per region)."""
    cache = ctx.__dict__.setdefault("_wp_cuda_exit", {})
    key = (id(block), ends)
    if key not in cache:
        first = next((i for i, prev in enumerate(block) if isinstance(prev, ast.If) and not prev.orelse and
                      prev.body and isinstance(prev.body[-1], ends) and _device_side(prev.test) == "cuda"),
                     len(block))
        cache[key] = ({id(st): i for i, st in enumerate(block)}, first)
    pos, first = cache[key]
    i = pos.get(id(node))
    return i is not None and i > first


def _device_side(test: ast.AST) -> str | None:
    """Which device a test selects when true: ``"cuda"`` (``device == "cuda"``, ``torch.cuda.is_available()``,
    ``x.is_cuda``, ``args.cuda``), ``"cpu"`` (``device == "cpu"``, ``not torch.cuda.is_available()``), or None."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        side = _device_side(test.operand)
        return {"cuda": "cpu", "cpu": "cuda"}.get(side or "")
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        consts = [n.value.lower() for n in (test.left, *test.comparators)
                  if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        if len(consts) != 1:
            return None
        dev = "cuda" if consts[0].startswith("cuda") else ("cpu" if consts[0] == "cpu" else None)
        if dev is None:
            return None
        if isinstance(test.ops[0], (ast.Eq, ast.In, ast.Is)):
            return dev
        if isinstance(test.ops[0], (ast.NotEq, ast.NotIn, ast.IsNot)):
            return "cpu" if dev == "cuda" else "cuda"
        return None
    if isinstance(test, ast.Call):
        return "cuda" if (dotted(test.func) or "").endswith("cuda.is_available") else None
    if isinstance(test, ast.Attribute) and test.attr == "is_cuda":
        return "cuda"
    return None

