"""A ``torch.nn.Linear`` handed to a timing helper is one matmul: short when the file gives its sizes.

``benchmark_module(fp32_linear, x)`` with ``fp32_linear = nn.Linear(in_f, out_f).to(device)`` and ``x`` of ``rows``
× ``in_f`` elements runs ``rows * in_f * out_f`` multiply-adds per call: the same bound as a matmul handed in
(at most 512^3), with the sizes read like any other (constants, a parameter's values at its calls, an
``argparse`` default). Read for WP101's sample length (:mod:`._sample_length`).
"""

from __future__ import annotations

import ast

_PASS = ("cuda", "to", "half", "float", "bfloat16", "eval", "requires_grad_")
_MAX_MACS = 512 ** 3


def small_linear(ctx, arg: ast.AST | None, operands: list[ast.AST] | None) -> bool:
    """``arg`` is only ever bound to a ``torch.nn.Linear`` of sizes the file gives, and the one tensor handed to it
    (``operands``) has a known number of elements: at most 512^3 multiply-adds per call, on CUDA data."""
    from ._tensor_sizes import _int_value, _tensor_elements

    if not isinstance(arg, ast.Name) or not operands or len(operands) != 1 or \
            not isinstance(operands[0], ast.Name) or ctx.placement(operands[0]) != "cuda":
        return False
    values = ctx.assigns.get(arg.id, [])
    if not values or len(values) > 4:
        return False
    elements = _tensor_elements(ctx, operands[0])
    if elements is None:
        return False
    for v in values:
        while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in _PASS:
            v = v.func.value
        if not (isinstance(v, ast.Call) and ctx.call_name(v) == "torch.nn.Linear"):
            return False
        kw = {k.arg: k.value for k in v.keywords}
        dims = [v.args[i] if len(v.args) > i else kw.get(name) for i, name in enumerate(("in_features",
                                                                                          "out_features"))]
        sizes = [_int_value(ctx, d) if d is not None else None for d in dims]
        if None in sizes or not sizes[0]:
            return False
        if elements * sizes[1] > _MAX_MACS:  # rows * in_f * out_f, rows * in_f being the input's elements
            return False
    return True
