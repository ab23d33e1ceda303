"""C++/CUDA extensions whose sources are in the user's checkout: does a Python-visible entry wait for the device?

``my_ext.forward(x)`` says nothing in Python about synchronizing. When the extension's sources are visible, they
decide it: built by ``torch.utils.cpp_extension.load(name, sources=[...])`` or ``load_inline(name, cpp_sources=...,
cuda_sources=..., functions=[...])`` in the file, or by the project's ``setup.py`` (``CUDAExtension("my_ext",
["ext.cpp", "kernel.cu"])``) for ``import my_ext``. The binding (``m.def("forward", &prewitt_forward)``) names the C++
function; its body, and the bodies of the functions of the sources it calls (two levels), are read as text: a device
synchronization (``cudaDeviceSynchronize()``, ``cudaStreamSynchronize``, ``torch::cuda::synchronize()``, a
``.synchronize()``, a blocking ``cudaMemcpy``, ``.cpu()``/``.item()``) after its last kernel launch means the call
returns when its work is done. Nothing is compiled or run; sources over ``MAX_BYTES`` are not read.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path
from typing import Any

MAX_BYTES = 1_000_000
_LOADERS = ("torch.utils.cpp_extension.load", "torch.utils.cpp_extension.load_inline")
_SYNC = re.compile(r"cudaDeviceSynchronize\s*\(|cudaStreamSynchronize\s*\(|cuda::synchronize\s*\(|"
                   r"\.synchronize\s*\(|cudaMemcpy\s*\(|\.cpu\s*\(|\.item\s*[<(]|hipDeviceSynchronize\s*\(")
_LAUNCH = re.compile(r"<<<|\bcudaLaunchKernel\s*\(|AT_DISPATCH_\w+\s*\(")
_SUFFIXES = (".cpp", ".cc", ".cxx", ".cu", ".cuh", ".h", ".hpp")
_KEYWORDS = frozenset({"if", "for", "while", "switch", "return", "sizeof", "catch", "do", "else", "TORCH_CHECK",
                       "AT_ASSERT", "CHECK_INPUT", "static_cast", "reinterpret_cast", "decltype"})


def extension_call_syncs(ctx: Any, call: ast.Call) -> bool | None:
    """``mod.entry(...)`` of an extension whose sources are visible: True when the entry synchronizes after its
    last launch, False when it launches work and returns without waiting, None when unknown (sources not found, the
    entry not found, or no launch seen)."""
    if not isinstance(call.func, ast.Attribute) or not isinstance(call.func.value, ast.Name):
        return None
    mod, entry = call.func.value.id, call.func.attr
    cache = ctx.__dict__.setdefault("_wp_ext_syncs", {})
    key = (mod, entry)
    if key not in cache:
        cache[key] = None
        texts, names = _sources(ctx, mod)
        if texts:
            cache[key] = _entry_syncs("\n".join(texts), names.get(entry, entry))
    return cache[key]


def _sources(ctx: Any, mod: str) -> tuple[list[str], dict[str, str]]:
    """(source texts, Python name -> C++ name of ``functions=[...]`` inline entries) of extension ``mod``."""
    here = Path(ctx.path).parent
    for v in ctx.assigns.get(mod, ()):  # my_ext = load(name="my_ext", sources=["ext.cpp", "kernel.cu"])
        if isinstance(v, ast.Call) and ctx.call_name(v) in _LOADERS:
            if ctx.call_name(v).endswith("load_inline"):
                texts = [t for k in v.keywords if k.arg in ("cpp_sources", "cuda_sources")
                         for t in _strings(ctx, k.value)] + \
                    [t for a in v.args[1:3] for t in _strings(ctx, a)]  # load_inline(name, cpp_src, cuda_src)
                return texts, {}
            files = [t for k in v.keywords if k.arg == "sources" for t in _strings(ctx, k.value)]
            if not files and len(v.args) > 1:
                files = _strings(ctx, v.args[1])
            return _read_all(here, files), {}
    if ctx.imports.get(mod) != mod or ctx.import_view is None:
        return [], {}
    setup = _setup_sources(ctx, mod)  # import my_ext, built by the project's setup.py
    return setup, {}


def _strings(ctx: Any, node: ast.AST) -> list[str]:
    """String constants of a value: ``"a.cu"``, ``["a.cpp", "b.cu"]``, ``os.path.join(d, "a.cu")`` (its last part), a
    name bound once to one of these."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.List, ast.Tuple)):
        return [s for e in node.elts for s in _strings(ctx, e)]
    if isinstance(node, ast.Call) and (ctx.call_name(node) or "").endswith("path.join") and node.args:
        return _strings(ctx, node.args[-1])
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # cuda_begin + r'''__global__ ...'''
        left, right = _strings(ctx, node.left), _strings(ctx, node.right)
        return [left[0] + right[0]] if len(left) == 1 and len(right) == 1 else []
    if isinstance(node, ast.Name):
        values = ctx.assigns.get(node.id, [])
        if len(values) == 1:
            return _strings(ctx, values[0])
        v = _binding_in_force(node, values)
        if v is not None:
            return _strings(ctx, v)
    return []


def _binding_in_force(use: ast.Name, values: list) -> ast.AST | None:
    """A name bound more than once by statements of the module body itself (a notebook's cells redefining
    ``cuda_src``), read by another statement of the module body: the last binding before the read."""
    st = getattr(use, "_wp_stmt", None)
    if st is None or not isinstance(getattr(st, "_wp_parent", None), ast.Module):
        return None
    stmts = [getattr(v, "_wp_stmt", None) for v in values]
    if any(b is None or not isinstance(getattr(b, "_wp_parent", None), ast.Module) or
           not isinstance(b, ast.Assign) or b.value is not v for b, v in zip(stmts, values)):
        return None
    before = [(b.lineno, v) for b, v in zip(stmts, values) if b.lineno < st.lineno]  # type: ignore[union-attr]
    return max(before, key=lambda x: x[0])[1] if before else None


_KERNEL_LOOP = re.compile(r"\b(for|while)\s*\(|\bdo\s*\{|\bgoto\b")
_LAUNCHED = re.compile(r"\b([A-Za-z_]\w*)\s*<<<")
_TORCH_CALL = re.compile(r"\b(?:torch|at)::(\w+)\s*[({]")
_TORCH_ALLOCS = frozenset({"empty", "empty_like", "zeros", "zeros_like", "ones", "ones_like", "full", "full_like",
                           "TensorOptions", "dtype", "device"})


def _entry_kernels(ctx: Any, call: ast.Call) -> tuple[str, set[str] | None] | None:
    """For ``mod.entry(x)`` of an extension whose sources are visible (``load_inline`` strings, ``load()`` files, a
    ``setup.py``'s sources): the sources' text without comments, and the ``__global__`` kernels its C++ entry launches
    (itself or through the functions of the sources it calls, two levels); None when the sources are not visible."""
    if not isinstance(call.func, ast.Attribute) or not isinstance(call.func.value, ast.Name):
        return None
    mod, entry = call.func.value.id, call.func.attr
    cache = ctx.__dict__.setdefault("_wp_ext_kernels", {})
    if (mod, entry) not in cache:
        cache[(mod, entry)] = None
        texts, names = _sources(ctx, mod)
        if texts:
            text = re.sub(r"//[^\n]*|/\*.*?\*/", "", "\n".join(texts), flags=re.S)
            bound = re.search(r'\.def\(\s*"' + re.escape(entry) + r'"\s*,\s*&?\s*([A-Za-z_][\w:]*)', text)
            cxx = bound.group(1).rsplit("::", 1)[-1] if bound else names.get(entry, entry)
            cache[(mod, entry)] = (text, _launched(text, cxx, 0))
    return cache[(mod, entry)]


def extension_short_entry(ctx: Any, call: ast.Call) -> bool:
    """``mod.entry(x)`` of an extension whose sources are visible, whose entry launches only ``__global__`` kernels
    written there without a loop (``k<<<grid, block>>>(...)``: each thread does a fixed amount of work, one pass over
    the arrays) besides allocations, and does not wait: as short as a ``cp.RawKernel`` of the file without a loop."""
    found = _entry_kernels(ctx, call)
    if found is None:
        return False
    text, kernels = found
    return bool(kernels) and _entry_syncs(text, call.func.attr) is False and \
        all((b := _kernel_body(text, k)) is not None and not _KERNEL_LOOP.search(b) for k in kernels)


def extension_empty_entry(ctx: Any, call: ast.Call) -> bool:
    """``mod.entry(x)`` of an extension whose sources are visible, whose entry launches only ``__global__`` kernels
    with an empty body (``{}``): it does no work on the device, so a timing of it measures the launch (and its wait)
    on purpose."""
    found = _entry_kernels(ctx, call)
    if found is None:
        return False
    text, kernels = found
    return bool(kernels) and all((b := _kernel_body(text, k)) is not None and not b.strip() for k in kernels)


def _launched(text: str, fn: str, depth: int) -> set[str] | None:
    """The kernels ``fn`` launches with ``<<<...>>>``, itself or through functions of the sources it calls; None
    when it does other work the reading cannot size (a loop, a torch op, another kind of launch)."""
    body = _body(text, fn)
    if body is None or depth > 2 or _KERNEL_LOOP.search(body) or "cudaLaunchKernel" in body:
        return None
    if any(m.group(1) not in _TORCH_ALLOCS for m in _TORCH_CALL.finditer(body)):
        return None
    out = {m.group(1) for m in _LAUNCHED.finditer(body)}
    if body.count("<<<") != len(_LAUNCHED.findall(body)):
        return None  # a templated launch (`k<T><<<...>>>`): not read
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", body):
        name = m.group(1)
        if name != fn and name not in _KEYWORDS and name not in out and _body(text, name) is not None:
            inner = _launched(text, name, depth + 1)
            if inner is None:
                return None
            out |= inner
    return out


def _kernel_body(text: str, name: str) -> str | None:
    """The body of ``__global__ void name(...)`` in the sources."""
    if not re.search(r"__global__[^;{]*\b" + re.escape(name) + r"\s*\(", text):
        return None
    return _body(text, name)


def _read_all(base: Path, files: list[str]) -> list[str]:
    out = []
    for f in files:
        p = Path(f) if os.path.isabs(f) else base / f
        if p.suffix not in _SUFFIXES:
            continue
        text = _read(p) or _read(base / Path(f).name)
        if text:
            out.append(text)
            out.extend(_local_headers(p.parent, text))
    return out


def _read(p: Path) -> str | None:
    try:
        if p.is_file() and p.stat().st_size <= MAX_BYTES:
            return p.read_bytes().decode("utf-8", "replace")
    except OSError:
        pass
    return None


def _local_headers(base: Path, text: str) -> list[str]:
    out = []
    for inc in re.findall(r'#include\s+"([^"]+)"', text)[:8]:
        t = _read(base / inc)
        if t:
            out.append(t)
    return out


def _setup_sources(ctx: Any, mod: str) -> list[str]:
    """Sources of ``CUDAExtension("mod", [...])`` / ``CppExtension(name="pkg.mod", sources=[...])`` in a ``setup.py``
    of the file's folder or the folders above it, up to the project's root."""
    from ._project import _search_roots

    here = Path(os.path.abspath(ctx.path)).parent
    _, boundary = _search_roots(here)
    d = here
    for _ in range(8):
        setup = d / "setup.py"
        text = _read(setup)
        if text and "Extension" in text:
            found = _extension_files(text, mod)
            if found:
                return _read_all(d, found)
        if d == boundary or d.parent == d:
            break
        d = d.parent
    return []


def _extension_files(setup_text: str, mod: str) -> list[str]:
    try:
        tree = ast.parse(setup_text)
    except (SyntaxError, ValueError):
        return []
    for n in ast.walk(tree):
        if not (isinstance(n, ast.Call) and (getattr(n.func, "id", None) or getattr(n.func, "attr", "")).endswith(
                "Extension")):
            continue
        name = n.args[0] if n.args else next((k.value for k in n.keywords if k.arg == "name"), None)
        srcs = n.args[1] if len(n.args) > 1 else next((k.value for k in n.keywords if k.arg == "sources"), None)
        if isinstance(name, ast.Constant) and isinstance(name.value, str) and \
                name.value.rsplit(".", 1)[-1] == mod and isinstance(srcs, (ast.List, ast.Tuple)):
            return [e.value for e in srcs.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def _entry_syncs(text: str, entry: str) -> bool | None:
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    bound = re.search(r'\.def\(\s*"' + re.escape(entry) + r'"\s*,\s*&?\s*([A-Za-z_][\w:]*)', text)
    cxx = bound.group(1).rsplit("::", 1)[-1] if bound else entry
    return _body_syncs(text, cxx, 0)


def _body_syncs(text: str, fn: str, depth: int) -> bool | None:
    body = _body(text, fn)
    if body is None or depth > 2:
        return None
    last_launch = max((m.end() for m in _LAUNCH.finditer(body)), default=-1)
    callees = [(m.start(), m.group(1)) for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", body)
               if m.group(1) != fn and m.group(1) not in _KEYWORDS and _body(text, m.group(1)) is not None]
    verdict: bool | None = None
    for pos, name in callees:  # the work may be launched by a function the entry calls
        inner = _body_syncs(text, name, depth + 1)
        if inner is not None and pos > last_launch:
            last_launch, verdict = pos, inner
    syncs_after = any(m.start() > last_launch for m in _SYNC.finditer(body))
    if last_launch < 0:
        return True if syncs_after else None
    if syncs_after:
        return True
    return verdict if verdict is not None else False


def _body(text: str, fn: str) -> str | None:
    """The body of C++ function ``fn`` (its definition, not a declaration or a call), by brace matching."""
    if fn in _KEYWORDS:
        return None
    for m in re.finditer(r"\b" + re.escape(fn) + r"\s*\(", text):
        i = m.end()
        depth = 1
        while i < len(text) and depth:  # the parameter list
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        j = i
        while j < len(text) and text[j] in " \t\r\n":
            j += 1
        rest = text[j:j + 40]
        if rest.startswith("const"):
            j += 5
            while j < len(text) and text[j] in " \t\r\n":
                j += 1
        if j >= len(text) or text[j] != "{":
            continue
        k, depth = j + 1, 1
        while k < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[k], 0)
            k += 1
        return text[j + 1:k - 1]
    return None
