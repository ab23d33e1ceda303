"""A model first run by a training library's trainer it was handed (facts about those libraries): a Hugging Face
``Trainer``/``Seq2SeqTrainer`` or a trl trainer (``SFTTrainer``, ``DPOTrainer``) built around the model runs its
forward and backward in ``train()`` (and its forward in ``evaluate()``/``predict()``); a Lightning ``Trainer`` runs
the module handed to ``fit``/``validate``/``test``/``predict``. After such a call the model's kernels, cuBLAS and
the caching allocator are warm: a later timed call of the model (``model.generate``) is no cold first call."""
from __future__ import annotations

import ast

from .._context import Context

_RUN_METHODS = frozenset({"train", "fit", "evaluate", "validate", "test", "predict"})


def _trainer_class(ctx: Context, v: ast.AST) -> bool:
    """``v`` builds a trainer: a call whose qualified (or written) name ends in ``Trainer``, from a library."""
    if not isinstance(v, ast.Call):
        return False
    q = ctx.call_name(v) or ""
    last = q.rsplit(".", 1)[-1]
    return last.endswith("Trainer") and q.split(".")[0] in ("transformers", "trl", "lightning", "pytorch_lightning",
                                                             "lightning_fabric", "setfit", "sentence_transformers")


def trainer_ran(ctx: Context, c: ast.Call, names: set) -> bool:
    """``c`` is ``trainer.train()`` (``trainer`` built by a trainer class handed one of ``names``) or
    ``trainer.fit(model)`` (handed one of ``names`` at the call)."""
    f = c.func
    if not (isinstance(f, ast.Attribute) and f.attr in _RUN_METHODS):
        return False
    handed_here = any(isinstance(n, ast.Name) and n.id in names for a in [*c.args, *(k.value for k in c.keywords)]
                      for n in ast.walk(a))
    recv = f.value
    if isinstance(recv, ast.Call):
        built = [recv]
    elif isinstance(recv, ast.Name):
        built = list(ctx.assigns.get(recv.id, []))
    else:
        return False
    if not built or not all(_trainer_class(ctx, v) for v in built):
        return False
    return handed_here or all(any(isinstance(n, ast.Name) and n.id in names
                                  for a in [*v.args, *(k.value for k in v.keywords)] for n in ast.walk(a))
                              for v in built)


def trainer_run_call(ctx: Context, c: ast.Call) -> bool:
    """``trainer.train()``/``trainer.fit(model)`` of a library trainer: it runs on the GPU when there is one (the
    CUDA context exists after it)."""
    f = c.func
    if not (isinstance(f, ast.Attribute) and f.attr in _RUN_METHODS):
        return False
    recv = f.value
    built = [recv] if isinstance(recv, ast.Call) else list(ctx.assigns.get(recv.id, [])) \
        if isinstance(recv, ast.Name) else []
    return bool(built) and all(_trainer_class(ctx, v) for v in built)
