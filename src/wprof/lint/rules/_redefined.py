"""WP112: a compiled function defined again before its timed call is a new object, compiled on its first call.

A JIT compiler keeps its compiled code on the object it returns: Numba's ``Dispatcher`` (``@cuda.jit``, ``@jit``,
``@vectorize(target="cuda")``), ``jax.jit``'s wrapper, Triton's ``JITFunction``, Dynamo's cache keyed by the code
object of the function ``torch.compile`` wraps. A ``def`` of the same name decorated again (a notebook cell that
redefines ``kernel_1`` or ``Add`` with ``@cuda.jit`` after an earlier cell defined and ran its own version), or the
name bound again to a compile call (``step = jax.jit(f)`` a second time), makes a new object with an empty cache:
calls of the name before that statement ran the *old* object and warm nothing for the new one. Its first call after
the redefinition compiles, and when that call is timed, the compile is timed.
"""

from __future__ import annotations

import ast

from .._context import Context


def _compiling_def(ctx: Context, st: ast.AST, key: str) -> bool:
    """``st`` binds ``key`` to a new compiled object: a ``def key`` under a compiling decorator (one the name
    model reads as compiled on the first call, not a Numba kernel given its signature: compiled at the ``def``), or
    ``key = <compile call>(...)``."""
    from .._infer import _CPU_JITS, _lazy_numba_jit, cuda_ufunc, eager_numba_kernel
    from .._names import COMPILERS, JAX_COMPILERS

    if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == key:
        for d in st.decorator_list:
            target = d.func if isinstance(d, ast.Call) else d
            q = ctx.qualname(target) or ""
            if isinstance(d, ast.Call) and q in ("functools.partial", "partial") and d.args and \
                    (ctx.qualname(d.args[0]) or "") in JAX_COMPILERS:
                return True
            if q in _CPU_JITS:
                return _lazy_numba_jit(q, d)  # (not with a signature, nor `cache=True`: read back from disk)
            if q in COMPILERS or q.endswith((".jit", ".compile", ".autotune")):
                return not eager_numba_kernel(q, d)
            if cuda_ufunc(q, d):
                return not (isinstance(d, ast.Call) and d.args)
        return False
    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and \
            st.targets[0].id == key and isinstance(st.value, ast.Call):
        return (ctx.call_name(st.value) or "") in COMPILERS
    return False


def _binds(st: ast.AST, key: str) -> bool:
    if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return st.name == key
    if isinstance(st, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        return any(isinstance(n, ast.Name) and n.id == key for t in targets for n in ast.walk(t))
    if isinstance(st, (ast.Import, ast.ImportFrom)):
        return any((a.asname or a.name.split(".")[0]) == key for a in st.names)
    return False


def _mentions(st: ast.AST, key: str) -> bool:
    """``st`` reads the name ``key`` (a call, a launch, handing it over), outside the bodies of functions it
    defines."""
    todo = [st]
    while todo:
        n = todo.pop()
        if n is not st and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(n, ast.Name) and n.id == key and isinstance(n.ctx, ast.Load):
            return True
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n is st:
            todo.extend(n.decorator_list)
            continue
        todo.extend(ast.iter_child_nodes(n))
    return False


def _defined_twice(ctx: Context) -> frozenset[str]:
    """Names bound by two ``def`` statements or more in the file, or by a ``def`` and an assignment (found once)."""
    cached = ctx.__dict__.get("_wp_defined_twice")
    if cached is None:
        seen: dict[str, int] = {}
        for sc in ctx.scopes:  # (every `def` of the file has its scope)
            n = sc.node
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                seen[n.name] = seen.get(n.name, 0) + 1
        for name, values in ctx.assigns.items():
            if name in seen:
                seen[name] += len(values)
        cached = ctx.__dict__["_wp_defined_twice"] = frozenset(k for k, v in seen.items() if v > 1)
    return cached


def redefined_cold(ctx: Context, key: str | None, scope, before: int) -> bool:
    """The latest binding of ``key`` in ``scope`` before statement ``before`` is a compiling definition that
    replaced an earlier binding of the name (in this scope, above it), and no statement between that definition
    and ``before`` reads the name: whatever ran ``key`` before the redefinition ran another object, and the call at
    ``before`` is the new object's first (its compile)."""
    if not key or "." in key or key not in _defined_twice(ctx):
        return False
    stmts = scope.stmts[:before]
    at = next((i for i in range(len(stmts) - 1, -1, -1) if _binds(stmts[i], key)), None)
    if at is None or not _compiling_def(ctx, stmts[at], key):
        return False
    if not any(_binds(st, key) for st in stmts[:at]):
        return False  # the first definition: the ordinary first-call model decides
    if not any(_mentions(st, key) for st in stmts[:at]):
        return False  # never run before: cold anyway, the ordinary model reports it
    return not any(_mentions(st, key) for st in stmts[at + 1:])
