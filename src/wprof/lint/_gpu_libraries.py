"""Libraries that run on the GPU by construction (twenty-second session, devflow, sets 77-156).

A program written against RAPIDS (cuDF, cuGraph, cuML, cuSpatial, cuSignal, cuVS) or against a GPU-only inference
engine (vLLM's ``LLM``, TensorRT-LLM's ``LLM``) names no device and moves nothing: every object of those libraries
lives in device memory and every call of theirs runs kernels (``cugraph.bfs(graph, src)``, ``llm.generate(prompts,
params)`` of ``llm = LLM(model=...)``). Those facts are the placement and GPU-work model's: such a program uses the
GPU, and such a call is GPU work shown to be on the GPU, whichever rule asks.
"""

from __future__ import annotations

import ast

# modules whose data lives on the GPU and whose calls launch kernels
GPU_LIBRARIES = ("cudf", "cugraph", "cuml", "cuspatial", "cusignal", "cuvs", "pylibraft", "nx_cugraph")
# engines whose objects hold a model on the GPU (vLLM has no CPU path but a separate build; TensorRT-LLM none)
GPU_ENGINES = frozenset({"vllm.LLM", "vllm.LLMEngine", "vllm.AsyncLLMEngine", "vllm.entrypoints.llm.LLM",
                         "tensorrt_llm.LLM"})
# an engine's methods that describe it or its tokenizer, no inference
_ENGINE_QUERIES = frozenset({"get_tokenizer", "set_tokenizer", "get_default_sampling_params", "llm_engine"})


def imports_gpu_library(ctx) -> bool:
    """The file imports a RAPIDS library or a GPU-only inference engine: it uses the GPU."""
    cached = ctx.__dict__.get("_wp_gpu_library")
    if cached is None:
        cached = any(_eager(q) and (q.split(".")[0] in GPU_LIBRARIES or q in GPU_ENGINES)
                     for q in ctx.imports.values())
        ctx._wp_gpu_library = cached
    return cached


def _library_call(ctx, call: ast.AST) -> bool:
    """``cudf.read_csv(path)``, ``cugraph.bfs(g, s)``, ``LLM(model=...)`` of vLLM."""
    if not isinstance(call, ast.Call):
        return False
    q = ctx.call_name(call) or ""
    return _eager(q) and (q.split(".")[0] in GPU_LIBRARIES or q in GPU_ENGINES)


def _eager(q: str) -> bool:
    """Not a Dask front end (``cuml.dask.decomposition.PCA``): its calls build a task graph the workers run later,
    nothing on this process's GPU by the time they return."""
    return "dask" not in q.split(".")


def _library_object(ctx, base: ast.AST) -> bool:
    """A name every binding of which (at least one) is a call of such a library (``llm = LLM(model=m)``, ``g =
    cugraph.Graph()``, ``df = cudf.read_csv(p)``): an object on the GPU."""
    if not isinstance(base, ast.Name) or base.id in ctx.functions:
        return False
    values = ctx.assigns.get(base.id, [])
    return bool(values) and all(_library_call(ctx, v) for v in values)


def gpu_library_call(ctx, call: ast.Call) -> bool:
    """``call`` runs on the GPU by construction: a function of a RAPIDS library given arguments (an empty
    constructor, ``cugraph.Graph()``, allocates nothing), an engine built (``LLM(model=m)`` loads the model onto the
    GPU), or a method of an object one of them made (``llm.generate(p, sp)``, ``g.from_cudf_edgelist(df)``)."""
    if not imports_gpu_library(ctx):
        return False
    if _library_call(ctx, call):
        return bool(call.args or call.keywords) or (ctx.call_name(call) or "") in GPU_ENGINES
    f = call.func
    return isinstance(f, ast.Attribute) and f.attr not in _ENGINE_QUERIES and not f.attr.startswith("_") and \
        _library_object(ctx, f.value)


def waits_for_library(ctx, call: ast.Call) -> bool:
    """``call`` returns once its GPU work is done: a call of such a library or of its objects (module docstring),
    or any call handed one of its objects (``cudf_data.merge(lookup_cudf, on=k)`` of ``lookup_cudf =
    cudf.read_csv(p)``): vLLM hands back text, and cuDF/cuGraph size their results on the host (a join, a filter,
    a traversal copies its output's length back before it returns)."""
    if not imports_gpu_library(ctx) or not isinstance(call, ast.Call):
        return False
    if gpu_library_call(ctx, call):
        return True
    return any(_library_object(ctx, a) for a in [*call.args, *(k.value for k in call.keywords)])



def _library_of(ctx, call: ast.AST, started: bool = False) -> str | None:
    """The RAPIDS library a call runs in: ``cudf`` for ``cudf.read_csv(p)`` and for ``df.merge(o)`` of ``df =
    cudf.read_csv(p)`` (None for an engine, an empty constructor, or anything else). With ``started``, only a call
    of the library's own functions (``cudf.DataFrame.from_pandas(pdf)``, not a method of an object it made)."""
    if not isinstance(call, ast.Call) or not gpu_library_call(ctx, call):
        return None
    if _library_call(ctx, call):
        head = (ctx.call_name(call) or "").split(".")[0]
    elif started:
        return None
    else:
        head = (ctx.call_name(ctx.assigns[call.func.value.id][0]) or "").split(".")[0]  # type: ignore[attr-defined]
    return head if head in GPU_LIBRARIES else None


def _started(ctx, lib: str | None, line: int) -> bool:
    if lib is None:
        return False
    first = _first_lines(ctx)
    return lib in first and first[lib] < line


def _first_lines(ctx) -> dict[str, int]:
    """Library -> the first line of a call of its own functions in the file (computed once per file)."""
    cached = ctx.__dict__.get("_wp_library_first_lines")
    if cached is None or cached[0] != len(ctx.calls):
        first: dict[str, int] = {}
        for c in ctx.calls:
            lib = _library_of(ctx, c, True)
            if lib is not None and (lib not in first or c.lineno < first[lib]):
                first[lib] = c.lineno
        cached = ctx._wp_library_first_lines = (len(ctx.calls), first)
    return cached[1]


def library_started_before(ctx, node: ast.AST) -> bool:
    """``node`` is a call of a RAPIDS library and a function of the same library ran at an earlier line of the file
    (``cudf.concat(...)`` after ``cudf.read_csv(p)``, ``df.merge(o)`` after ``cudf.DataFrame.from_pandas(pdf)``):
    the library's one-off start (CUDA context, memory pool, its modules) is behind it, and the kernels of one more
    of its operations are a small part of an operation on the data the library is used for (the fourteenth
    session's reading of cuDF notebooks). Its first call is the cold one; a cuGraph algorithm after cuDF reads and
    an empty ``cugraph.Graph()`` is cuGraph's first."""
    return _started(ctx, _library_of(ctx, node), getattr(node, "lineno", 0))


def library_of_key(ctx, key: str) -> str | None:
    """The RAPIDS library of a callee written as text (``cudf.concat``, ``gframe.merge`` of ``gframe =
    cudf.read_csv(p)``), else None."""
    if not imports_gpu_library(ctx):
        return None
    head = key.split(".")[0]
    lib = ctx.imports.get(head, "").split(".")[0] if head in ctx.imports else None
    if lib is None and _library_object(ctx, ast.Name(id=head, ctx=ast.Load())):
        lib = (ctx.call_name(ctx.assigns[head][0]) or "").split(".")[0]
    return lib if lib in GPU_LIBRARIES else None


def library_key_started_before(ctx, key: str, line: int) -> bool:
    """:func:`library_started_before` for a callee written as text, timed by a magic at ``line``."""
    return _started(ctx, library_of_key(ctx, key), line)
