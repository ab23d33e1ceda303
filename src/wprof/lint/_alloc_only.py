"""GPU calls that only allocate device memory and queue no work (WP102; twenty-first session, held149).

Numba's ``cuda.device_array(n)``, ``cuda.device_array_like(a)``, ``cuda.pinned_array``, ``cuda.mapped_array`` and
``cuda.managed_array`` reserve memory (``cudaMalloc``/``cudaHostAlloc``, which return when the memory is there) and
launch nothing: after ``d_a = cuda.to_device(a)`` (no ``stream=``: a blocking copy) and ``d_out =
cuda.device_array_like(a)``, nothing is pending on the device when the clock is read (set 151, a CUDA lab timing the
transfer to the device). A region whose last GPU call is such an allocation has its last *work* earlier: a wait
after that work (the blocking copy itself) covers the region."""

from __future__ import annotations

import ast

_ALLOCS = frozenset({"numba.cuda.device_array", "numba.cuda.device_array_like", "numba.cuda.pinned_array",
                     "numba.cuda.pinned_array_like", "numba.cuda.mapped_array", "numba.cuda.mapped_array_like",
                     "numba.cuda.managed_array"})


def allocation_only(ctx, work: list) -> bool:
    """Every GPU call in ``work`` is a Numba allocation without a ``stream=`` (an allocation handed a stream may be
    ordered on it)."""
    return bool(work) and all(isinstance(w, ast.Call) and (ctx.call_name(w) or "") in _ALLOCS and
                              not any(k.arg == "stream" for k in w.keywords) for w in work)
