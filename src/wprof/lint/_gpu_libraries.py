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
