"""One cost model of GPU work: how long a call's work takes on the reference GPU, from the shapes the file shows.

Rules that decide whether something next to GPU work is *material* (a per-iteration synchronize around a sample,
WP101; a cold first sample averaged into a loop, WP103) need the work's length, not its name. This module estimates
it, in µs on the reference GPU (an H200, ``BASELINES.md``), as the larger of the call's arithmetic at the dtype's
dense peak and its bytes at the memory bandwidth (the figures of :mod:`._tensor_sizes`, conservatively low), for:

- a linear layer: ``F.linear(x, w)`` (``x``: ``[..., in]``, ``w``: ``[out, in]``: ``rows * in * out``
  multiply-adds; a matmul itself is sized by :func:`._tensor_sizes._small_matmul`);
- an attention: ``F.scaled_dot_product_attention(q, k, v)`` (``q``: ``[..., L, D]``, ``k``/``v``: ``[..., S, D]``;
  ``4 * L * S * D`` flops per head and batch);
- a model's forward or training step where the file shows its layers (``nn.Linear`` in an ``nn.Sequential`` or a
  class of the file: :func:`model_forward_us`, :func:`training_step_us`);
- a tensor's shape read as :func:`._tensor_sizes._dims` reads it (factories, casts and moves, the largest of a
  name's bindings, parameters at their calls, loops over literal lists), a sweep over tuples of shapes read row by
  row (:func:`._tensor_sizes._joint_shapes`): the largest row's time.

Anything else (a model, a convolution whose input is not shown, a callable) is ``None``: unknown, and a rule asked
about an unknown cost keeps its behaviour of before.

**Cold first calls** (measured on the H200, driver 580.159.04, torch 2.11.0+cu130, triton 3.6.0, cupy 14.2.0, by
``benchmarks/cold_start.py``, 2026-12-03; each case a fresh process with the CUDA context already made): the cold
excess of a first call is ~100-120 ms for a first matmul (256 to 4096, fp32 or fp16: cuBLAS handle and kernel load),
113 ms for a first convolution (cuDNN), 87 ms for an LSTM, 267-314 ms for a first CNN forward (batch 1 / 32),
112-117 ms for a 6-layer transformer encoder forward, 268 ms for a first MLP training step (forward, backward,
AdamW), 1.07 s for a first CuPy elementwise kernel with an empty kernel cache (398 ms cached), 1.08 s for a first
Triton kernel (549 ms cached). A mean of ``N`` samples of ``w`` seconds that holds the cold first one is off by
about ``c / (N * w)``: :data:`COLD_TORCH_S` and :data:`COLD_COMPILED_S` are the ``c`` the rules use (the low end of
the measured figures), :func:`cold_share` the bias.
"""

from __future__ import annotations

import ast

from .._context import Context

COLD_TORCH_S = 0.1  # first cuBLAS/cuDNN call of a torch program: 87-314 ms measured, the low end
COLD_COMPILED_S = 0.4  # first CuPy elementwise / Triton kernel: 398 ms (CuPy, cached) to 1.08 s (Triton, cold cache)
MATERIAL_SHARE = 0.10  # a bias of a tenth of the figure or more is material

SIZED_CALLS = frozenset({"torch.nn.functional.linear", "torch.nn.functional.scaled_dot_product_attention"})
_LINEAR_PASS = ("cuda", "to", "half", "float", "bfloat16", "eval", "requires_grad_", "train")


def cold_share(n: int, sample_us: float, cold_s: float = COLD_TORCH_S) -> float:
    """The share by which a mean of ``n`` samples of ``sample_us`` µs each is biased by a cold first one."""
    total = max(n, 1) * sample_us * 1e-6
    return cold_s / total if total > 0 else float("inf")


def _ctor_ints(ctx: Context, call: ast.Call, names: tuple[str, ...]) -> list[int | None]:
    from ._tensor_sizes import _int_value

    kw = {k.arg: k.value for k in call.keywords}
    out: list[int | None] = []
    for i, name in enumerate(names):
        e = call.args[i] if len(call.args) > i else kw.get(name)
        out.append(_int_value(ctx, e) if e is not None else None)
    return out


def linear_us(ctx: Context, x: ast.AST, w: ast.AST) -> float | None:
    """``F.linear(x, w)``: µs on the reference GPU, a sweep of tuples read row by row; None when a shape is unknown."""
    from ._tensor_sizes import _dims, _itemsize, _joint_shapes, _matmul_us

    a, b = _dims(ctx, x, 0), _dims(ctx, w, 0)
    if not a or not b or len(b) != 2:
        return None
    size = max(_itemsize(ctx, x), _itemsize(ctx, w))
    joint = _joint_shapes(ctx, [x, w])  # `for label, out_f, in_f in shapes`: each row's pair, not each at its largest
    if joint:
        return max(_matmul_us(ja, [jb[1], jb[0]], size) for ja, jb in joint)
    return _matmul_us(a, [b[1], b[0]], size)


def attention_us(ctx: Context, q: ast.AST, k: ast.AST) -> float | None:
    """``F.scaled_dot_product_attention(q, k, v)``: µs on the reference GPU; None when a shape is unknown."""
    from ._tensor_sizes import _PEAK_FLOPS_PER_US, _BYTES_PER_US, _dims, _itemsize, _prod

    a, b = _dims(ctx, q, 0), _dims(ctx, k, 0)
    if not a or not b or len(a) < 2 or len(b) < 2 or a[-1] != b[-1]:
        return None
    heads = _prod(a[:-2])  # batch x heads
    flops = 4 * heads * a[-2] * b[-2] * a[-1]
    size = max(_itemsize(ctx, q), _itemsize(ctx, k))
    moved = (2 * _prod(a) + 2 * _prod(b)) * size
    return max(flops / _PEAK_FLOPS_PER_US.get(size, _PEAK_FLOPS_PER_US[4]), moved / _BYTES_PER_US)


def call_us(ctx: Context, call: ast.AST) -> float | None:
    """The GPU time of one call of :data:`SIZED_CALLS` (linear or attention work) in µs, from the shapes the file
    shows; None when the call is neither or a shape is not known (a matmul is sized by
    :func:`._tensor_sizes._small_matmul`)."""
    if not isinstance(call, ast.Call):
        return None
    q = ctx.call_name(call) or ""
    args = [a for a in call.args if not isinstance(a, ast.Starred)]
    if len(args) != len(call.args):
        return None
    if q == "torch.nn.functional.linear" and len(args) >= 2:
        return linear_us(ctx, args[0], args[1])
    if q == "torch.nn.functional.scaled_dot_product_attention" and len(args) >= 3:
        return attention_us(ctx, args[0], args[1])
    return None


# layers without parameters or of negligible work next to the linear layers around them
_FREE_LAYERS = frozenset({"ReLU", "GELU", "SiLU", "Tanh", "Sigmoid", "LeakyReLU", "ELU", "Softmax", "LogSoftmax",
                          "Dropout", "Identity", "Flatten", "Mish", "Softplus", "Hardswish"})
_H2D_BYTES_PER_US = 25e3  # a host-to-device copy from pageable memory, conservatively fast (~25 GB/s)


def _layers(ctx: Context, ctor: ast.Call, depth: int = 0) -> list[tuple[int, int]] | None:
    """The ``(in, out)`` sizes of the linear layers a model constructor builds, when the file shows every layer: a
    ``torch.nn.Sequential`` of ``Linear`` and parameter-free layers, or a class of the file whose ``__init__``
    assigns only such layers (or such a ``Sequential``) to ``self``; None when any layer is not known."""
    if depth > 2:
        return None
    q = ctx.call_name(ctor) or ""
    if q == "torch.nn.Linear":
        fin, fout = _ctor_ints(ctx, ctor, ("in_features", "out_features"))
        return [(fin, fout)] if fin and fout else None
    if q.startswith("torch.nn.") and q.rsplit(".", 1)[-1] in _FREE_LAYERS:
        return []
    if q == "torch.nn.Sequential":
        out: list[tuple[int, int]] = []
        for a in ctor.args:
            sub = _layers(ctx, a, depth + 1) if isinstance(a, ast.Call) else None
            if sub is None:
                return None
            out.extend(sub)
        return out
    if not isinstance(ctor.func, ast.Name) or ctor.args or ctor.keywords:
        return None  # a class of the file built without arguments: its sizes are the ones its body writes
    cls = ctx.classes.get(ctor.func.id)
    if cls is None:
        return None
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None or len(init.args.args) != 1:
        return None
    out = []
    for s in init.body:
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call):  # super().__init__()
            if ctx.method(s.value) != "__init__":
                return None
            continue
        if not (isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Attribute) and
                isinstance(s.value, ast.Call)):
            return None
        sub = _layers(ctx, s.value, depth + 1)
        if sub is None:
            return None
        out.extend(sub)
    return out or None


def model_forward_us(ctx: Context, call: ast.Call) -> float | None:
    """``model(x)`` with ``model`` only ever bound to a model whose layers the file shows (:func:`_layers`: linear
    layers and activations) and ``x`` of known elements (moved to the GPU in the call or before): the forward's µs
    on the reference GPU at fp32, plus the host-to-device copy of ``x`` when the call makes it; else None."""
    from ._tensor_sizes import _matmul_us, _tensor_elements

    if not isinstance(call.func, ast.Name) or len(call.args) != 1 or call.keywords:
        return None
    values = ctx.assigns.get(call.func.id, [])
    if len(values) != 1 or not isinstance(values[0], ast.Call):
        return None
    v = values[0]
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in _LINEAR_PASS:
        v = v.func.value
    layers = _layers(ctx, v) if isinstance(v, ast.Call) else None
    if not layers:
        return None
    x, copied = _moved(call.args[0])
    elements = _tensor_elements(ctx, x) if isinstance(x, ast.Name) else None
    if elements is None or elements % layers[0][0]:
        return None
    tokens = elements // layers[0][0]
    us = 0.0
    for fin, fout in layers:
        us += _matmul_us([tokens, fin], [fin, fout], 4)
    return us + (elements * 4 / _H2D_BYTES_PER_US if copied else 0.0)


def training_step_us(ctx: Context, calls: list[ast.Call]) -> tuple[ast.Call, float] | None:
    """The one model call of ``calls`` the cost model sizes (:func:`model_forward_us`) and a training step's µs:
    three times its forward (forward, and a backward of about twice its work), with its input copies; None when no
    call is sized or two are."""
    sized = [(c, model_forward_us(ctx, c)) for c in calls if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)]
    sized = [(c, us) for c, us in sized if us is not None]
    if len(sized) != 1:
        return None
    return sized[0][0], 3.0 * sized[0][1]  # type: ignore[return-value]


def moved_input(x: ast.AST) -> ast.AST:
    """``x.to(device)`` / ``x.cuda()``: the tensor moved (the same data every step), else ``x``."""
    return _moved(x)[0]


def _moved(x: ast.AST) -> tuple[ast.AST, bool]:
    """:func:`moved_input`'s tensor, and whether the chain copies it to the GPU (a ``.to``/``.cuda``, not only
    ``.float()``)."""
    copied = False
    while isinstance(x, ast.Call) and isinstance(x.func, ast.Attribute) and x.func.attr in ("to", "cuda", "float"):
        copied = copied or x.func.attr in ("to", "cuda")
        x = x.func.value
    return x, copied


def short_run(n: int, sample_us: float, cold_s: float = COLD_TORCH_S) -> bool:
    """``n`` samples of ``sample_us`` are a run short enough that a cold first one biases its mean or total by
    :data:`MATERIAL_SHARE` or more."""
    return cold_share(n, sample_us, cold_s) >= MATERIAL_SHARE
