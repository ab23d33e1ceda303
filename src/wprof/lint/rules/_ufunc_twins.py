"""WP104's host-array launches that are the GPU side of a mirrored CPU-versus-GPU comparison (warmforms, set 119).

Numba lets one body be compiled for either target (``@vectorize([...], target="cpu")`` and the same ``def`` under
``@vectorize([...], target="cuda")``). A file that times the CUDA ufunc on NumPy arrays in one place and the host
twin of the same body on the same arrays in another, written the same way (the same statements, only the ufunc
swapped: ``C = add_vec_cuda(A, B)`` in ``test2``, ``C = add_vec_cpu(A, B)`` in ``test3``, each function making its
inputs the same way), compares calling the operation on host data on each target: the copies in and out that the
CUDA ufunc makes are the GPU option's real cost in that comparison, as the draws of a mirrored CuPy/NumPy pair are
(``_region_pairs._mirrored``). A launch with no such host twin (a kernel benchmark, a GPU ufunc timed alone, or
beside a host version written differently) stays reported."""

from __future__ import annotations

import ast

from .._context import Context


def mirrored_launch(ctx: Context, r, c: ast.Call) -> bool:
    """``c``, a launch on host arrays of a GPU ufunc of the file inside region ``r``, has a host twin: a host-only
    region of the file whose statements (and, in another function, that function's whole body) are ``r``'s with
    a host function of the file of the same body (same parameters, same statements) in place of the ufunc."""
    from ._region_pairs import _host_only

    if not isinstance(c.func, ast.Name) or c.func.id not in ctx._cuda_ufuncs:  # type: ignore[attr-defined]
        return False
    k = c.func.id
    kdef = ctx.functions.get(k)
    if not isinstance(kdef, ast.FunctionDef):
        return False
    twins = _host_bodies(ctx, kdef)
    if not twins:
        return False
    for h in ctx.regions:
        if h is r or h.outer is not None or h.kind != r.kind or h.contains(c) or not _host_only(ctx, h):
            continue
        names = {n.func.id for n in h.calls() if isinstance(n.func, ast.Name) and n.func.id in twins}
        for g in names:
            if h.scope is r.scope:
                same = _forms(r.stmts(), k, k) == _forms(h.stmts(), g, k)
            else:
                fr, fh = r.scope.node, h.scope.node
                same = isinstance(fr, ast.FunctionDef) and isinstance(fh, ast.FunctionDef) and \
                    _forms(fr.body, k, k) == _forms(fh.body, g, k) and ast.dump(fr.args) == ast.dump(fh.args)
            if same:
                return True
    return False


def _host_bodies(ctx: Context, kdef: ast.FunctionDef) -> set[str]:
    """The functions of the file, not GPU ufuncs nor kernels, whose parameters and body are ``kdef``'s."""
    want = (ast.dump(kdef.args), [ast.dump(s) for s in kdef.body])
    out = set()
    for name, fn in ctx.functions.items():
        if fn is kdef or not isinstance(fn, ast.FunctionDef) or name in ctx._cuda_ufuncs or \
                any("cuda" in ast.dump(d) for d in fn.decorator_list):  # (a `@cuda.jit` kernel: GPU too)
            continue
        if (ast.dump(fn.args), [ast.dump(s) for s in fn.body]) == want:
            out.add(name)
    return out


def _forms(stmts, old: str, new: str) -> list[str]:
    """The statements' dumps with the name ``old`` read as ``new`` (the host twin read as the ufunc)."""
    a, b = f"Name(id='{old}',", f"Name(id='{new}',"
    return [ast.dump(s).replace(a, b) for s in stmts]
