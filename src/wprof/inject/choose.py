"""Load a script, choose its training loop and build the plan: the part ``wprof run`` and ``wprof inject`` share."""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from .finder import Analysis, Candidate, Pick, analyze, pick
from .rewrite import Plan, make_plan

__all__ = ["Choice", "choose", "explain"]


@dataclass(frozen=True)
class Choice:
    analysis: Analysis
    pick: Pick
    plan: Plan

    @property
    def candidate(self) -> Candidate:
        assert self.pick.candidate is not None
        return self.pick.candidate


def _list(cands: tuple[Candidate, ...], limit: int = 8) -> str:
    lines = [f"  {c.describe()}" for c in cands[:limit]]
    if len(cands) > limit:
        lines.append(f"  ... and {len(cands) - limit} more")
    return "\n".join(lines)


def choose(tree: ast.Module, source: str, filename: str, display: str, loop_line: int | None,
           gauge_kwargs: dict[str, Any] | None = None) -> Choice:
    """Analyse ``tree``, pick the loop (``loop_line`` or by evidence) and plan its rewrite; UsageError if none."""
    analysis = analyze(source, filename)
    # analyze() parsed its own tree: plan against that one (the caller's tree is only a parse check)
    p = pick(analysis, loop_line)
    short = os.path.basename(display)
    if p.candidate is None:
        if loop_line is not None:
            raise UsageError(f"--loop {short}:{loop_line}: no loop starts at or contains line {loop_line}. "
                             + (f"Loops found:\n{_list(analysis.candidates)}" if analysis.candidates else
                                "The file has no for/while loop that wprof can time."))
        if not analysis.candidates:
            raise UsageError(f"no loop to time in {display}: wprof looks for `for batch in loader:`, `while` loops "
                             "that call next(it) or get_batch(), and `for i in range(n)` loops that fetch a batch. "
                             "Add a wprof.Gauge by hand (see docs/loop.md).")
        raise UsageError(f"no loop in {display} shows enough evidence of being the training loop (a DataLoader, "
                         f"backward(), optimizer.step()). Candidates:\n{_list(p.others)}\n"
                         f"Choose one with --loop {short}:LINE.")
    site = f"{short}:{p.candidate.lineno}"
    plan = make_plan(filename, analysis.tree, p.candidate, site, gauge_kwargs)
    return Choice(analysis, p, plan)


def explain(choice: Choice) -> str:
    """One paragraph: which loop was chosen, why, and how to choose another."""
    c = choice.candidate
    text = f"timing the loop at {choice.plan.site}{' in ' + c.function + '()' if c.function else ''}: " \
           f"{c.header}\n  because {choice.pick.reason}"
    others = [o for o in choice.pick.others if o.score > 0]
    if others:
        text += "\n  other candidates: " + "; ".join(f"{o.where} (score {o.score})" for o in others[:4])
        text += f"; choose one with --loop {choice.plan.site.rsplit(':', 1)[0]}:LINE"
    return text
