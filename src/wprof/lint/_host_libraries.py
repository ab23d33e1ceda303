"""Calls of host-only array libraries: where a called name comes from decides whether it can be GPU work.

A name is resolved through the file's own imports (``from scipy.sparse.linalg import spsolve, cg`` makes ``cg(G, b)``
``scipy.sparse.linalg.cg``), so a function of SciPy or scikit-learn is host work even in a file that also imports
CuPy or PyTorch under other names (``cp_cg``, ``cupyx.scipy.sparse.linalg``): those libraries convert their inputs
with ``np.asarray`` and compute on the CPU (a CuPy array raises there, a CUDA tensor too). A NumPy function is host
work outside a CuPy file (CuPy arrays are the only GPU arrays NumPy hands back through ``__array_function__``), and
in one when every argument it is handed is shown on the CPU (fresh102, set 163).
"""

from __future__ import annotations

import ast

# top-level packages whose functions only run on the host (their GPU twins live under other names: cupyx.scipy,
# cuml, jax.scipy, torch.linalg)
_HOST_ONLY_ROOTS = ("scipy.", "sklearn.")
# SciPy's FFT can dispatch to a registered backend (``scipy.fft.set_backend(cupyx.scipy.fft)``)
_BACKEND_SETTERS = ("set_backend", "set_global_backend", "skip_backend")


def host_library_call(ctx, call: ast.Call) -> bool:
    """``call`` resolves (through the file's imports) to a function of a host-only library: it runs on the CPU."""
    q = ctx.call_name(call) or ""
    if q.startswith(_HOST_ONLY_ROOTS):
        return not (q.startswith("scipy.fft.") and _fft_backend(ctx))
    if q.startswith("numpy.") and not q.startswith("numpy.random.Generator"):
        if not ctx.imports_any("cupy", "cupyx"):
            return True
        vals = [*call.args, *(k.value for k in call.keywords)]
        return bool(vals) and all(ctx.placement(a) == "cpu" for a in vals)
    return False


def _fft_backend(ctx) -> bool:
    """The file registers a backend for ``scipy.fft`` (its calls may then run CuPy's FFT)."""
    got = ctx.__dict__.get("_wp_fft_backend")
    if got is None:
        got = ctx.__dict__["_wp_fft_backend"] = any(
            isinstance(n, ast.Call) and (ctx.call_name(n) or "").rsplit(".", 1)[-1] in _BACKEND_SETTERS
            for n in ctx.all_nodes())
    return got
