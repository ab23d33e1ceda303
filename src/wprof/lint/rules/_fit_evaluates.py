"""WP116: a host clock around a library's training call that runs evaluation inside it (facts about those libraries).

Three training calls run an evaluation pass of their own during training, by their arguments:

- a Hugging Face ``Trainer`` (or trl trainer) ``train()`` whose training arguments (``TrainingArguments``,
  ``Seq2SeqTrainingArguments``, trl's ``SFTConfig``) set ``eval_strategy`` (or ``evaluation_strategy``) to
  ``"steps"`` or ``"epoch"``, as a keyword or as a key of a dict literal handed in with ``**``: the evaluation loop
  over the eval set runs every ``eval_steps`` or every epoch;
- a Lightning ``Trainer``'s ``fit(model, train_loader, val_loader)`` handed validation loaders (the third argument,
  or ``val_dataloaders=``): the validation loop runs at every epoch end (``check_val_every_n_epoch=1``);
- a Keras model's ``fit(..., validation_data=...)`` (or a ``validation_split`` other than 0): the validation pass
  runs after every epoch.

A clock read before such a call and again after it (``start = time.time(); trainer.train(); end = time.time()``)
measures the training and every evaluation pass. The figure is reported when it is turned into a rate (tokens or
samples per second), labelled as training time, or is the time of that call alone (the region holds nothing else:
a benchmark's "runtime" of the training call), as a training time that counts the evaluation as training.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._names import dict_keys_in

_STRATEGY_ARGS = frozenset({"eval_strategy", "evaluation_strategy"})
_DURING = frozenset({"epoch", "steps", "EPOCH", "STEPS"})
_HF = ("transformers", "trl", "setfit")
_PL = ("lightning", "pytorch_lightning")


def _built_by(ctx: Context, name: str | None, roots: tuple[str, ...], suffix: str) -> list[ast.Call]:
    """The calls ``name`` is bound to that build a ``*suffix`` class of one of the libraries ``roots``."""
    out = []
    for v in ctx.assigns.get(name or "", []):
        if isinstance(v, ast.Call):
            q = ctx.call_name(v) or ""
            if q.split(".")[0] in roots and q.rsplit(".", 1)[-1].endswith(suffix):
                out.append(v)
    return out


def _strategy_value(v: ast.AST) -> bool:
    return isinstance(v, ast.Constant) and v.value in _DURING or isinstance(v, ast.Attribute) and v.attr in _DURING


def _args_evaluate(ctx: Context, call: ast.Call) -> str | None:
    """The text that makes training arguments ``call`` evaluate during training (a keyword, or a key of the dict
    literal handed in with ``**``), if any."""
    for k in call.keywords:
        if k.arg in _STRATEGY_ARGS and _strategy_value(k.value):
            return ctx.text(k)
        if k.arg is None:  # `TrainingArguments(**kwargs)` with `kwargs = {"evaluation_strategy": "steps", ...}`
            for d in ctx.assigns.get(dotted(k.value) or "", []):
                if isinstance(d, ast.Dict):
                    for key, val in dict_keys_in(d, _STRATEGY_ARGS):
                        if _strategy_value(val):
                            return f"{key}={ctx.text(val)}"
    return None


def _training_arguments(ctx: Context, c: ast.AST) -> bool:
    if not isinstance(c, ast.Call):
        return False
    q = ctx.call_name(c) or ""
    last = q.rsplit(".", 1)[-1]
    return q.split(".")[0] in ("transformers", "trl") and (last.endswith("TrainingArguments") or
                                                            (q.startswith("trl") and last.endswith("Config")))


def _hf_evaluates(ctx: Context, call: ast.Call) -> str | None:
    recv = dotted(call.func.value)  # type: ignore[attr-defined]
    for t in _built_by(ctx, recv, _HF, "Trainer"):
        args = next((k.value for k in t.keywords if k.arg == "args"), None)
        made = [args] if _training_arguments(ctx, args) else \
            [v for v in ctx.assigns.get(dotted(args) or "", []) if _training_arguments(ctx, v)] if args else []
        if not made:
            continue
        found = [_args_evaluate(ctx, m) for m in made]  # type: ignore[arg-type]
        if all(found):  # every binding of the arguments evaluates (or the strategy is not known)
            return found[0]
    return None


def fit_evaluation(ctx: Context, call: ast.Call) -> str | None:
    """What makes ``call`` (a library's training call) run evaluation during training, as text for the message,
    or None when it is no such call."""
    f = call.func
    if not isinstance(f, ast.Attribute):
        return None
    if f.attr == "train" and not call.args and ctx.imports_any(*_HF):
        return _hf_evaluates(ctx, call)
    if f.attr != "fit":
        return None
    if ctx.imports_any(*_PL) and _built_by(ctx, dotted(f.value), _PL, "Trainer"):
        val = next((k.value for k in call.keywords if k.arg == "val_dataloaders"), None)
        if val is None and len(call.args) >= 3 and not any(isinstance(a, ast.Starred) for a in call.args[:3]):
            val = call.args[2]
        if val is not None and not (isinstance(val, ast.Constant) and val.value is None):
            return f"val_dataloaders={ctx.text(val)}"
        return None
    if ctx.imports_any("tensorflow", "keras", "tf_keras"):
        for k in call.keywords:
            if k.arg == "validation_data" and not (isinstance(k.value, ast.Constant) and k.value.value is None):
                return ctx.text(k)
            if k.arg == "validation_split" and not (isinstance(k.value, ast.Constant) and not k.value.value):
                return ctx.text(k)
    return None


def fit_in_interval(ctx: Context, scope, resets: list[int], end: int) -> tuple[ast.stmt, str, bool] | None:
    """(the statement of the training call, what makes it evaluate, whether it is the region's only call) when the
    interval from the last reset of its start clock before statement ``end`` to ``end`` holds a library training
    call that evaluates, in the same loop body (or both outside loops)."""
    before = [r for r in resets if r < end]
    if not before:
        return None
    r = before[-1]
    rst, est = scope.stmts[r], scope.stmts[end]
    if rst._wp_loops != est._wp_loops:  # type: ignore[attr-defined]
        return None
    hit = None
    calls = 0
    for st in scope.stmts[r + 1:end]:
        for n in st._wp_nodes:  # type: ignore[attr-defined]
            if not isinstance(n, ast.Call):
                continue
            if not ctx.is_clock(n):
                calls += 1
            if hit is None and st._wp_loops == rst._wp_loops:  # type: ignore[attr-defined]
                why = fit_evaluation(ctx, n)
                if why is not None:
                    hit = (st, why)
    if hit is None:
        return None
    return hit[0], hit[1], calls == 1
