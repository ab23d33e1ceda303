"""Torchvision preprocessing pipelines make CPU tensors (placement; twenty-first session, held149).

``tf = T.Compose([T.Resize(256), T.CenterCrop(224), T.ToTensor(), T.Normalize(mean, std)])`` then
``x = torch.stack([tf(img) for img in images])``: ``ToTensor()`` (and ``PILToTensor()``) turns a PIL image or a NumPy
array into a tensor on the CPU, and the other torchvision transforms keep their input's device, so the batch is a
CPU tensor and ``torch.stack`` of it is host work. Timing that preprocessing (``cpu_processing_time``) leaves no GPU
work pending at the clock read (set 152, an image-embedding server timing its CPU preprocessing per batch). A
pipeline holding anything but torchvision transforms (``T.Lambda(lambda x: x.cuda())``, a model) is not taken, nor
one without a ``ToTensor``/``PILToTensor`` (a transform of a tensor already on the GPU keeps it there). A list, or a
list comprehension, of values all on the CPU is on the CPU (``torch.stack([...])`` of it too)."""

from __future__ import annotations

import ast

_TO_TENSOR = frozenset({"ToTensor", "PILToTensor"})


def host_pipeline_call(ctx, expr: ast.Call) -> bool:
    """``expr`` calls a name or ``self`` attribute bound (everywhere in the file) to a torchvision pipeline that
    converts images to CPU tensors."""
    from ._names import dotted

    key = dotted(expr.func)
    if key is None or not expr.args or not ctx.imports_any("torchvision"):
        return False  # (a pipeline's transforms are torchvision's: without that import, nothing to index)
    index = ctx.__dict__.get("_wp_host_pipelines")
    if index is None:
        index = {}
        for n in ctx.all_nodes():
            if isinstance(n, ast.Assign) and len(n.targets) == 1:
                k = dotted(n.targets[0])
                if k is not None:
                    index.setdefault(k, []).append(n.value)
        ctx.__dict__["_wp_host_pipelines"] = index
    values = index.get(key)
    return bool(values) and all(_converting_pipeline(ctx, v) for v in values)


def _converting_pipeline(ctx, v: ast.AST) -> bool:
    if not isinstance(v, ast.Call):
        return False
    q = ctx.call_name(v) or ""
    if not q.startswith("torchvision.transforms."):
        return False
    last = q.rsplit(".", 1)[-1]
    if last in _TO_TENSOR:
        return True
    if last != "Compose" or len(v.args) != 1 or not isinstance(v.args[0], (ast.List, ast.Tuple)):
        return False
    items = v.args[0].elts
    names = [(ctx.call_name(i) or "") if isinstance(i, ast.Call) else "" for i in items]
    return all(n.startswith("torchvision.transforms.") and not n.endswith(".Lambda") for n in names) and \
        any(n.rsplit(".", 1)[-1] in _TO_TENSOR for n in names)


def sequence_placement(ctx, expr: ast.AST) -> str | None:
    """``[a, b]``, ``[tf(im) for im in images]``: "cpu" where every element is shown on the CPU."""
    if isinstance(expr, (ast.List, ast.Tuple)) and expr.elts:
        return "cpu" if all(ctx.placement(e) == "cpu" for e in expr.elts) else None
    if isinstance(expr, ast.ListComp):
        e = expr.elt
        if isinstance(e, ast.Call) and host_pipeline_call(ctx, e):
            return "cpu"
    return None
