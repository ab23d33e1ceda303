"""Compiled extensions seen from the Python that calls them (WP102).

``y = my_ext.forward(x_cuda)``: whether the call returns before its kernel is done depends on the extension's C++/CUDA
entry (a ``cudaDeviceSynchronize()`` before returning, or not), which the Python does not show. Where the sources are
visible (``load_inline(cuda_sources=...)`` strings, ``load(sources=[...])`` files, ``.cu``/``.cpp`` files beside the
linted file) they decide it; where they are not, the call is opaque and a host clock read after it is weak evidence
(set 24: an extension ending in ``cudaDeviceSynchronize()``; set 17: one that does not).
"""

from __future__ import annotations

import ast
import os
import re

from typing import Any

from ._names import dotted

Context = Any  # a wprof.lint._context.Context (not imported: the sync model asks this module)

# packages whose functions launch GPU work asynchronously like torch ops (or are torch ops): not opaque
KNOWN_LIBRARIES = frozenset({
    "torch", "torchvision", "torchaudio", "torchtext", "torch_geometric", "torch_scatter", "torch_sparse",
    "torch_cluster", "dgl", "kornia", "timm", "transformers", "diffusers", "accelerate", "peft", "einops",
    "flash_attn", "xformers", "apex", "bitsandbytes", "triton", "cupy", "cupyx", "numba", "jax", "jaxlib", "flax",
    "cutlass", "cuda", "pycuda", "tensorrt", "torch_tensorrt", "vllm", "sglang", "deepspeed", "megatron",
    "fairseq", "mmcv", "mmdet", "detectron2", "spconv", "gsplat", "pytorch3d", "nerfacc", "tinycudann", "e3nn",
    "liger_kernel", "flashinfer", "transformer_engine", "thunder", "torchao", "fbgemm_gpu", "mamba_ssm",
    "causal_conv1d", "numpy", "scipy", "sklearn", "cv2", "PIL", "math", "time", "functools", "operator",
    "gpytorch", "pyro", "lightning", "pytorch_lightning", "torchmetrics", "ultralytics", "onnxruntime",
})
_SYNC_IN_SOURCE = re.compile(r"cudaDeviceSynchronize|cudaStreamSynchronize|cuCtxSynchronize|\.synchronize\(\)|"
                             r"cuda::device_synchronize|hipDeviceSynchronize")
_BUILDERS = ("load", "load_inline")
# a module name that says it is a compiled extension (prewitt_cuda, pycudaexpr, my_ext, fused_cpp, _C)
_EXT_NAME = re.compile(r"(?i)cuda|cpp|_ext|ext_|^ext|_c$|^_c|_cu$|^cu_")


def opaque_extension_call(ctx: Context, call: ast.AST) -> bool:
    """``call`` runs a compiled extension whose sources are not visible (an imported module that is neither a known
    GPU library nor one of the project's modules, or one built with ``load(...)`` from files that cannot be read)."""
    if not isinstance(call, ast.Call):
        return False
    kind = extension_sources(ctx, call)
    return kind == "opaque"


def extension_sources(ctx: Context, call: ast.Call) -> str | None:
    """For a call of a compiled extension: ``"syncs"`` (its visible sources wait for the device), ``"async"`` (they
    are visible and do not), ``"opaque"`` (not visible); None when the call is not one of an extension."""
    f = call.func
    root = f
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name):
        return None
    built = _built_extension(ctx, root.id)
    if built is not None:
        return _verdict(_read_sources(ctx, built))
    q = ctx.imports.get(root.id) or ctx.relative_imports.get(root.id)  # type: ignore[attr-defined]
    if q is None or root.id in ctx.functions:
        return None
    module = q.rsplit(".", 1)[0] if isinstance(f, ast.Name) else q  # `from ext import fwd`: the module `ext`
    if "." in module or module in KNOWN_LIBRARIES or not _EXT_NAME.search(module):
        return None  # a package (utils.sampling), a known library, or a module whose name does not say extension
    if ctx.imported_def(f) is not None:  # type: ignore[attr-defined]
        return None  # a function of the project's own modules: read, not opaque
    beside = _sources_beside(ctx)
    if beside:
        return _verdict(beside)
    return "async" if _waited_elsewhere(ctx, module) else "opaque"


def _waited_elsewhere(ctx: Context, module: str) -> bool:
    """The file synchronizes explicitly right after a call of the same extension elsewhere (the next statement of
    its block): its author treats the extension's calls as asynchronous."""
    cache = ctx.__dict__.setdefault("_wp_ext_waited", {})
    if module in cache:
        return cache[module]
    out = False
    for c in ctx.calls:
        root = c.func
        while isinstance(root, ast.Attribute):
            root = root.value
        if not (isinstance(root, ast.Name) and (ctx.imports.get(root.id) or "").split(".")[0] == module):
            continue
        st = getattr(c, "_wp_stmt", None)
        scope = getattr(st, "_wp_scope", None)
        if st is None or scope is None:
            continue
        after = scope.stmts[st._wp_end + 1:st._wp_end + 2]
        if any(ctx._named_sync(x, ctx.call_name(x), ctx.method(x), False) for s in after for x in _calls(s)):
            out = True
            break
    cache[module] = out
    return out


def _calls(stmt: ast.stmt) -> list[ast.Call]:
    from ._context import stmt_calls

    return stmt_calls(stmt)


def _verdict(texts: list[str] | None) -> str:
    if not texts:
        return "opaque"
    return "syncs" if any(_SYNC_IN_SOURCE.search(t) for t in texts) else "async"


def _built_extension(ctx: Context, name: str) -> ast.Call | None:
    """``ext = load(name=..., sources=[...])`` / ``load_inline(...)`` (torch.utils.cpp_extension) in this file."""
    values = ctx.assigns.get(name, [])
    if len(values) != 1 or not isinstance(values[0], ast.Call):
        return None
    q = ctx.call_name(values[0]) or ""
    if q.startswith("torch.utils.cpp_extension.") and q.rsplit(".", 1)[-1] in _BUILDERS:
        return values[0]
    return None


def _read_sources(ctx: Context, build: ast.Call) -> list[str] | None:
    """The text of the extension's sources: ``load_inline``'s source strings (constants, or names bound to one), or
    ``load``'s source files read from beside the linted file; None when any cannot be seen."""
    q = ctx.call_name(build) or ""
    texts: list[str] = []
    if q.endswith("load_inline"):
        for k in build.keywords:
            if k.arg in ("cpp_sources", "cuda_sources"):
                for v in (k.value.elts if isinstance(k.value, (ast.List, ast.Tuple)) else [k.value]):
                    t = _string(ctx, v)
                    if t is None:
                        return None
                    texts.append(t)
        return texts or None
    paths = next((k.value for k in build.keywords if k.arg == "sources"), build.args[1] if len(build.args) > 1 else None)
    if not isinstance(paths, (ast.List, ast.Tuple)):
        return None
    base = os.path.dirname(os.path.abspath(ctx.path))
    for v in paths.elts:
        p = _string(ctx, v)
        if p is None:
            return None
        text = _read(os.path.join(base, p))
        if text is None:
            return None
        texts.append(text)
    return texts or None


def _sources_beside(ctx: Context) -> list[str]:
    """``.cu``/``.cpp`` files in the linted file's folder (the sources an extension next to it is built from)."""
    cache = ctx.__dict__.get("_wp_sources_beside")
    if cache is None:
        cache = []
        base = os.path.dirname(os.path.abspath(ctx.path))
        try:
            names = sorted(os.listdir(base)) if os.path.isfile(ctx.path) else []
        except OSError:
            names = []
        for n in names[:200]:
            if n.endswith((".cu", ".cpp", ".cuh", ".cc")):
                text = _read(os.path.join(base, n))
                if text is not None:
                    cache.append(text)
        ctx._wp_sources_beside = cache  # type: ignore[attr-defined]
    return cache


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read(1_000_000)
    except OSError:
        return None


def _string(ctx: Context, v: ast.AST) -> str | None:
    if isinstance(v, ast.Constant) and isinstance(v.value, str):
        return v.value
    d = dotted(v)
    values = ctx.assigns.get(d or "", [])
    if len(values) == 1 and isinstance(values[0], ast.Constant) and isinstance(values[0].value, str):
        return values[0].value
    return None
