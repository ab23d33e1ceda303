"""A library pipeline handed to a function of the file through a parameter (fresh102, set 157).

``def run_inference(pipe: Pipeline, prompt): return pipe(prompt, max_new_tokens=n)[0]["generated_text"]`` called as
``run_inference(pipe=pipe, ...)`` where ``pipe, tok, cores = build(name)`` and ``build`` returns ``pipe =
pipeline("text-generation", ...)`` first: the parameter is that pipeline, whose call hands back host strings (it
decodes the generated ids): a wait, as the pipeline's direct call is. Shown by the parameter's annotation (a pipeline
class of a library whose pipelines return host objects, ``transformers.Pipeline``, ``diffusers.FluxPipeline``) or by
every caller of the file handing a name bound to one: directly, or unpacked from the same position of every tuple a
function of the file returns.
"""

from __future__ import annotations

import ast

from ._names import HOST_RESULT_ROOTS, unwrap_moves


def handed_pipeline(ctx, call: ast.Call) -> bool:
    """``call`` calls a parameter of its function that is a library pipeline returning host objects."""
    if not isinstance(call.func, ast.Name):
        return False
    scope = getattr(getattr(call, "_wp_stmt", None), "_wp_scope", None)
    fn = getattr(scope, "node", None)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    name = call.func.id
    arg = next((a for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs) if a.arg == name), None)
    if arg is None:
        return False
    if arg.annotation is not None and _pipeline_class(ctx.qualname(arg.annotation) or ""):
        return True
    handed = ctx._passed_values(name)
    return bool(handed) and all(_is_pipeline_name(ctx, v) for v in handed)


def _pipeline_class(q: str) -> bool:
    """``transformers.Pipeline``, ``transformers.TextGenerationPipeline``, ``diffusers.FluxPipeline``."""
    root = q.split(".", 1)[0]
    return root in ("transformers", "diffusers") and q.rsplit(".", 1)[-1].endswith("Pipeline")


def _host_pipeline_call(ctx, v: ast.AST) -> bool:
    v = unwrap_moves(v)
    return isinstance(v, ast.Call) and (ctx.call_name(v) or "").startswith(HOST_RESULT_ROOTS)


def _is_pipeline_name(ctx, v: ast.AST) -> bool:
    """A name handed by a caller: every binding of it is a pipeline, or unpacks one from a function of the file."""
    if not isinstance(v, ast.Name):
        return False
    binds = ctx.assign_stmts.get(v.id, [])
    if not binds:
        return False
    for st in binds:
        if not isinstance(st, ast.Assign) or len(st.targets) != 1:
            return False
        t = st.targets[0]
        if isinstance(t, ast.Name):
            if not _host_pipeline_call(ctx, st.value):
                return False
        elif isinstance(t, (ast.Tuple, ast.List)) and isinstance(st.value, ast.Call):
            idx = next((i for i, e in enumerate(t.elts) if isinstance(e, ast.Name) and e.id == v.id), None)
            if idx is None or any(isinstance(e, ast.Starred) for e in t.elts) or \
                    not _returns_pipeline_at(ctx, st.value, idx):
                return False
        else:
            return False
    return True


def _returns_pipeline_at(ctx, call: ast.Call, idx: int) -> bool:
    """Every ``return`` of the file's function ``call`` calls is a tuple whose element ``idx`` is a pipeline."""
    fn = ctx.functions.get(call.func.id) if isinstance(call.func, ast.Name) else None
    if fn is None:
        return False
    rets = [r for r in ast.walk(fn) if isinstance(r, ast.Return) and r.value is not None]
    if not rets:
        return False
    for r in rets:
        if not (isinstance(r.value, ast.Tuple) and idx < len(r.value.elts)):
            return False
        e = r.value.elts[idx]
        if _host_pipeline_call(ctx, e):
            continue
        if not isinstance(e, ast.Name):
            return False
        local = [st for st in ast.walk(fn) if isinstance(st, ast.Assign) and len(st.targets) == 1 and
                 isinstance(st.targets[0], ast.Name) and st.targets[0].id == e.id]
        if not local or not all(_host_pipeline_call(ctx, st.value) for st in local):
            return False
    return True
