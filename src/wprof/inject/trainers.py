"""Framework trainers as candidates: ``trainer.train()`` (Hugging Face ``transformers.Trainer`` and subclasses:
``Seq2SeqTrainer``, TRL's, SetFit's) and ``trainer.fit(...)`` (Lightning: ``lightning``, ``lightning.pytorch``,
``pytorch_lightning``). The loop is the framework's, in site-packages; ``wprof run`` rewrites the call's receiver
into ``attach(trainer)``, which adds the wprof callback (:mod:`wprof.integrations`). AST only.

A receiver counts when the file builds it from a framework's ``*Trainer`` class (imported from the framework, or a
subclass defined in the file), or, built elsewhere, when it is named like a trainer in a file that imports a
framework whose training method is the one called (``attach`` checks the object's type at run time).
"""

from __future__ import annotations

import ast
import re
from typing import Any

__all__ = ["FRAMEWORKS", "TRAINER_POINTS", "trainer_candidate"]

# packages whose Trainer runs the training loop inside site-packages; `wprof run` attaches a callback to it
FRAMEWORKS = {"transformers": "transformers", "trl": "transformers", "setfit": "transformers",
              "lightning": "lightning", "pytorch_lightning": "lightning"}
_TRAIN_METHOD = {"transformers": "train", "lightning": "fit"}

TRAINER_POINTS = 10  # a framework's own training loop beats any loop in the script


def trainer_candidate(mod: Any, call: ast.Call) -> Any:
    """A ``Candidate`` of kind ``"trainer"`` for ``trainer.train()`` (transformers) or ``trainer.fit(...)``
    (Lightning), or None. ``mod`` is the finder's file-wide facts (imports, trainers built, parents)."""
    from .finder import Candidate, Evidence, _name_of

    f = call.func
    if not isinstance(f, ast.Attribute) or f.attr not in ("train", "fit"):
        return None
    recv = f.value
    name = _name_of(recv) or ""
    if isinstance(recv, ast.Call):
        fw = mod.framework_of_ctor(recv.func)
        ctor, line = (ast.unparse(recv.func), recv.lineno) if fw else ("", 0)
    else:
        fw, ctor, line = mod.trainers.get(name, (None, "", 0))
    points = TRAINER_POINTS
    if fw is None and re.search(r"trainer", name, re.I):
        # built elsewhere (`trainer = build_trainer(cfg)`): named like a trainer in a file that imports a framework
        # whose training method this is; at run time attach() checks the object's type and leaves others alone
        imported = set(mod.fw_modules.values()) | set(mod.fw_names.values())
        fw = next((x for x in ("transformers", "lightning") if x in imported and _TRAIN_METHOD[x] == f.attr), None)
        points = TRAINER_POINTS - 2
    if fw is None or _TRAIN_METHOD[fw] != f.attr:
        return None
    what = "transformers.Trainer" if fw == "transformers" else "Lightning Trainer"
    if ctor:
        why = f"calls {ast.unparse(f)}() on {ctor}(...) built at line {line}, a {what}: the framework runs the loop, " \
              "wprof attaches its callback"
    else:
        why = f"calls {ast.unparse(f)}() on {ast.unparse(recv)}, named like a trainer in a file that imports {fw} " \
              f"(attached only if it is a {what})"
    stmt: ast.AST = call
    while not isinstance(stmt, ast.stmt):
        stmt = mod.parents[stmt]
    return Candidate(lineno=stmt.lineno, col=call.col_offset, kind="trainer", header=mod.header(stmt),
                     function=mod.qualname(stmt), evidence=(Evidence(points, why, call.lineno),),
                     iterable=ast.unparse(recv), source_node=recv, node=stmt)
