"""A PyTorch file whose device is chosen outside it (phasesplit, sets 77-136).

A training or inference module that moves its batches and model to a device it is handed (``def train(model, loader,
device: torch.device)``; ``x = x.to(device)``), reads from the project's configuration (``from config import
device``; ``self.device = config.device``) or from the command line (``x.to(args.device)``), and never names a
device itself, is written for an accelerator: a device nobody picks is a device worth naming only when it can be
something other than the CPU. Its GPU work is queued like any other, so a host clock read after it without a
synchronize measures the launch (the per-phase split of a training step: forward time read right after
``model(x)``, backward time after ``loss.backward()``, optimizer time after ``opt.step()``).

Conservative: the file imports torch (or no other array library), moves something with ``.to(d)``/``.cuda(d)`` or
builds a tensor with ``device=d`` where ``d`` is a name or attribute named for a device (``device``, ``dev``,
``self.device``, ``args.device``, a field of an imported configuration module; not ``x.device`` of a value, which
follows its input wherever it is), and it names no device in a string or constant anywhere (no ``"cpu"``, ``"mps"``,
``"xpu"``, ``torch.device(0)``; a test ``if device == "cpu":`` names both paths and does not count): a file that
names the CPU may run there, and one that names CUDA is already GPU code.
"""

from __future__ import annotations

import ast
import re

from ._names import dotted

_DEVICE_NAME = re.compile(r"^(device|dev|devices?_?\w*|\w*_device)$")
_OTHER_ARRAY_LIBS = frozenset({"jax", "tensorflow", "cupy", "numba", "mlx", "paddle", "mindspore", "oneflow",
                               "chainer", "mxnet"})
_DEVICE_STRING = re.compile(r"^(cpu|mps|xpu|cuda|gpu|tpu|npu|hpu|meta)(:\d+)?$", re.I)


_HANDED = object()  # an element unpacked from a parameter (`nms, conf, device = custom_settings`)
_SETTINGS = frozenset({"self", "args", "cfg", "config", "conf", "opt", "opts", "hparams", "params", "settings"})


def _named_for_device(a: ast.AST, ctx, depth: int = 0) -> bool:
    """``a`` is a device chosen outside the file, by its name and where it comes from: ``device``/``dev`` that is a
    parameter, an imported name or bound only to such devices (``device = torch.device(args.device)``, ``for device
    in args.devices:``), or a setting's field (``self.device``, ``args.device``, ``general_config.device`` of an
    imported module). Not ``x.device`` of a value (device-agnostic code that follows its input wherever it is), nor a
    device a call of the file hands back (``rank, device = init_host()``: the call decides it, maybe the CPU)."""
    if depth > 3:
        return False
    if isinstance(a, ast.Call) and (ctx.call_name(a) or "") == "torch.device" and len(a.args) == 1:
        return _named_for_device(a.args[0], ctx, depth + 1)
    d = dotted(a) if isinstance(a, (ast.Name, ast.Attribute)) else None
    if d is None or not _DEVICE_NAME.match(d.rsplit(".", 1)[-1]):
        return False
    base = d.split(".", 1)[0]
    if isinstance(a, ast.Attribute) and not (base in _SETTINGS or base in ctx.imports or any(
            isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and
            v.func.attr in ("parse_args", "parse_known_args") for v in ctx.assigns.get(base, []))):
        return False
    values = _bindings(ctx).get(d)
    if values is None:  # never bound in the file: a parameter, an import, a setting's field
        return isinstance(a, ast.Attribute) or d in ctx.imports or d in _parameters(ctx)
    return all(v is _HANDED or (v is not None and _named_for_device(v, ctx, depth + 1)) for v in values)


def _bindings(ctx) -> dict[str, list]:
    """Every binding of a dotted name in the file: the value (the iterable of a ``for``), ``_HANDED`` for an element
    unpacked from a parameter, or ``None`` for one the linter cannot follow (an element of a tuple unpacked from a
    call, a ``with ... as``)."""
    out = ctx.__dict__.get("_wp_handed_bindings")
    if out is not None:
        return out
    out = {}

    params = _parameters(ctx)

    def bind(t: ast.AST, v) -> None:
        if isinstance(t, (ast.Tuple, ast.List)):
            unpacked = _HANDED if isinstance(v, ast.Name) and v.id in params else None  # `a, b, device = settings`
            for e in t.elts:  # of a parameter: handed in; of a call: the call decides
                bind(e, unpacked)
        elif isinstance(t, ast.Starred):
            bind(t.value, None)
        elif isinstance(t, (ast.Name, ast.Attribute)) and dotted(t) is not None:
            out.setdefault(dotted(t), []).append(v)

    for n in ctx.all_nodes():
        if isinstance(n, ast.Assign):
            for t in n.targets:
                bind(t, n.value)
        elif isinstance(n, (ast.AnnAssign, ast.AugAssign)) and n.value is not None:
            bind(n.target, n.value)
        elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
            bind(n.target, n.iter)
        elif isinstance(n, ast.withitem) and n.optional_vars is not None:
            bind(n.optional_vars, None)
        elif isinstance(n, ast.NamedExpr):
            bind(n.target, n.value)
    ctx.__dict__["_wp_handed_bindings"] = out
    return out


def _parameters(ctx) -> set[str]:
    out = ctx.__dict__.get("_wp_handed_params")
    if out is None:
        out = {a.arg for n in ctx.all_nodes() if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
               for a in [*n.args.posonlyargs, *n.args.args, *n.args.kwonlyargs]}
        ctx.__dict__["_wp_handed_params"] = out
    return out


def moves_to_handed_device(ctx) -> bool:
    """The file is torch code whose device is chosen outside it (module docstring)."""
    out = ctx.__dict__.get("_wp_handed_device")
    if out is None:
        out = ctx.__dict__["_wp_handed_device"] = _moves_to_handed_device(ctx)
    return out


def handed_device(ctx, a: ast.AST) -> bool:
    """``a`` (the argument of ``x.to(a)``) is the device such a file is handed, in a file that is GPU code for that
    reason alone: its tensors go to the GPU there. (A file shown on the GPU otherwise keeps an unnamed device
    unknown: its other evidence says where its work runs.)"""
    return ctx.__dict__.get("_wp_gpu_by_handed_device", False) and _named_for_device(a, ctx)


def _moves_to_handed_device(ctx) -> bool:
    mods = {q.split(".")[0] for q in ctx.imports.values()}
    if "torch" not in mods and mods & _OTHER_ARRAY_LIBS:
        return False  # (a file that imports no torch but moves batches `.to(device)` is torch code of the project)
    tested = {id(k) for n in ctx.all_nodes() if isinstance(n, ast.Compare) for k in (n.left, *n.comparators)}
    for n in ctx.all_nodes():
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and _DEVICE_STRING.match(n.value.strip()) and \
                id(n) not in tested:
            return False  # `device = "cpu"`, `choices=["cpu", "mps"]`: the file names where it runs (a test
            # `if device == "cpu":` names the other path, the accelerator's, too)
    for c in ctx.calls:
        if (ctx.call_name(c) or "") == "torch.device" and c.args and isinstance(c.args[0], ast.Constant):
            return False
    for c in ctx.calls:
        args = list(c.args[:1]) if ctx.method(c) in ("to", "cuda") else []
        args += [k.value for k in c.keywords if k.arg == "device"]
        if any(_named_for_device(a, ctx) for a in args):
            return True
    return False
