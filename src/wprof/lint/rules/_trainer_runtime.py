"""WP116 through a Hugging Face ``Trainer``'s own clock: ``train_runtime`` read as the training time when the
training arguments schedule evaluation during training.

``Trainer.train()`` reads ``time.time()`` when training starts and reports ``train_runtime`` (and
``train_samples_per_second``, ``train_steps_per_second`` derived from it) as the wall time of the whole call. With
``eval_strategy="epoch"`` or ``"steps"`` (``evaluation_strategy`` in older versions) the call runs the evaluation
loop over the eval set at every epoch or every ``eval_steps``, and nothing of it is taken out: a training time or a
speed compared across runs from those metrics counts the evaluation as training. Reported when every training
arguments object the file builds (``TrainingArguments``, ``Seq2SeqTrainingArguments``, trl's ``SFTConfig``...)
names such a strategy as a constant, at the first read of one of those metrics (``out.metrics["train_runtime"]``,
``entry.get("train_runtime")``), once per file."""

from __future__ import annotations

import ast

from .._context import Context

_KEYS = frozenset({"train_runtime", "train_samples_per_second", "train_steps_per_second"})
_STRATEGY_ARGS = frozenset({"eval_strategy", "evaluation_strategy"})
_DURING = frozenset({"epoch", "steps", "EPOCH", "STEPS"})


def _training_args(ctx: Context, c: ast.Call) -> bool:
    q = ctx.call_name(c) or ""
    last = q.rsplit(".", 1)[-1]
    return q.split(".")[0] in ("transformers", "trl") and (last.endswith("TrainingArguments") or
                                                            (q.startswith("trl") and last.endswith("Config")))


def _evaluates(c: ast.Call) -> ast.keyword | None:
    """The keyword that schedules evaluation during training (``eval_strategy="epoch"``,
    ``IntervalStrategy.STEPS``), if any."""
    for k in c.keywords:
        if k.arg not in _STRATEGY_ARGS:
            continue
        v = k.value
        if isinstance(v, ast.Constant) and v.value in _DURING or isinstance(v, ast.Attribute) and v.attr in _DURING:
            return k
    return None


def _metric_read(n: ast.AST) -> ast.AST | None:
    """``n`` reads a speed metric of ``Trainer.train()``: ``metrics["train_runtime"]``, ``e.get("train_runtime")``."""
    if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and isinstance(n.slice, ast.Constant) and \
            n.slice.value in _KEYS:
        return n
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get" and n.args and \
            isinstance(n.args[0], ast.Constant) and n.args[0].value in _KEYS:
        return n
    return None


def report_trainer_runtime(ctx: Context) -> None:
    made = [c for c in ctx.calls if _training_args(ctx, c)]
    if not made:
        return
    strategies = [_evaluates(c) for c in made]
    if not all(strategies):
        return  # some run trains without evaluating (or the strategy is not written here)
    reads = sorted((r for n in ctx.all_nodes() if (r := _metric_read(n)) is not None),
                   key=lambda r: (r.lineno, r.col_offset))
    if not reads:
        return
    read, k = reads[0], strategies[0]
    assert k is not None
    ctx.report(read, f"`{ctx.text(read)}` is the wall time of the whole `Trainer.train()` call (or a speed derived "
                     f"from it), and `{ctx.text(k)}` in its training arguments makes that call run the "
                     f"evaluation loop during training: the training time or speed read from it counts the evaluation as "
                     f"training",
               "Time training with evaluation off (evaluate separately), or subtract the logged eval_runtime")
