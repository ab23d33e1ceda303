"""Library ops whose implementation runs other public ops first: a warm-up call of the composite warms its parts.

``torch.logsumexp(x, dim)`` is computed in ATen as ``amax`` of ``x``, then ``exp``, ``sum`` and ``log`` of the shifted
values (``aten/src/ATen/native/ReduceOps.cpp``, ``logsumexp_out_impl``), so a warm-up loop of ``logsumexp`` on a
GPU tensor has loaded and run the ``amax`` reduction a later timed ``torch.amax`` launches. Only decompositions
written in the library's own code are listed (not fused kernels that merely compute the same thing: ``softmax``
has its own kernel and warms no ``exp``)."""

from __future__ import annotations

import ast

_PARTS: dict[str, frozenset[str]] = {
    "torch.logsumexp": frozenset({"torch.amax", "torch.exp", "torch.sum", "torch.log"}),
    "torch.special.logsumexp": frozenset({"torch.amax", "torch.exp", "torch.sum", "torch.log"}),
    # `input.norm(p, dim, keepdim=True).clamp_min(eps)`, then a division (torch/nn/functional.py)
    "torch.nn.functional.normalize": frozenset({"torch.norm", "torch.clamp_min"}),
}


_LAST = frozenset(k.rsplit(".", 1)[-1] for k in _PARTS)  # (a cheap test before the call's qualified name is asked)
PARTS = frozenset().union(*_PARTS.values())  # every op some composite runs


def call_parts(ctx, c: ast.Call) -> frozenset[str]:
    """The public ops the library call ``c`` runs inside it (empty when none is known)."""
    f = c.func
    last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
    if last not in _LAST:
        return frozenset()
    return _PARTS.get(ctx.call_name(c) or "", frozenset())
