"""Load a script, choose its training loop and build the plan: the part ``wprof run`` and ``wprof inject`` share."""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from .finder import Analysis, Candidate, Pick, analyze, pick
from .rewrite import Plan, make_plan

__all__ = ["Choice", "choose", "choose_in_project", "explain"]


@dataclass(frozen=True)
class Choice:
    analysis: Analysis
    pick: Pick
    plan: Plan
    module: str | None = None  # set when the loop is in a module the script imports (its name)
    imported_by: str | None = None  # that script's display name

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
            if "LightningCLI(" in source:
                raise UsageError(f"no loop to time in {display}: LightningCLI(...) calls Trainer.fit itself, out of "
                                 "wprof's sight. Add the callback to the CLI's trainer: LightningCLI(..., "
                                 "trainer_defaults={'callbacks': [wprof.integrations.lightning.WprofCallback()]}) "
                                 "(see docs/integrations.md).")
            raise UsageError(f"no loop to time in {display}: wprof looks for `for`/`while` training loops and for "
                             "`trainer.train()` / `trainer.fit()` on a Hugging Face or Lightning Trainer. Add a "
                             "wprof.Gauge by hand (docs/loop.md) or a framework callback (docs/integrations.md).")
        raise UsageError(f"no loop in {display} shows enough evidence of being the training loop (a DataLoader, "
                         f"backward(), optimizer.step()). Candidates:\n{_list(p.others)}\n"
                         f"Choose one with --loop {short}:LINE.")
    site = f"{short}:{p.candidate.lineno}"
    plan = make_plan(filename, analysis.tree, p.candidate, site, gauge_kwargs)
    return Choice(analysis, p, plan)


def choose_in_project(script_tree: ast.Module, source: str, filename: str, display: str, path0: str,
                      package: str | None, loop: tuple[str | None, int | None],
                      gauge_kwargs: dict[str, Any] | None = None) -> Choice:
    """Like :func:`choose`, across the script and the project modules it imports (``wprof run``).

    ``loop`` is ``(file, line)`` from ``--loop``: a file other than the script must be one of those modules. Without
    it the best-scoring loop wins; the script wins ties, and a module is considered only with enough evidence."""
    from .imports import local_modules

    file, line = loop
    mods = local_modules(script_tree, filename, path0, package)
    if file is not None:
        real = os.path.realpath(file)
        hits = [(n, p) for n, p in mods if p == real or os.path.basename(p) == os.path.basename(file)]
        if not hits:
            raise UsageError(f"--loop {file}:{line}: '{file}' is neither the script nor a module it imports from the "
                             "project" + (f" ({', '.join(os.path.basename(p) for _, p in mods)})" if mods else ""))
        return _choose_module(*hits[0], line, display, gauge_kwargs)
    try:
        best: Choice | None = choose(script_tree, source, filename, display, line, gauge_kwargs)
        err: UsageError | None = None
    except UsageError as exc:
        best, err = None, exc
    if line is None:
        for name, path in mods:
            try:
                c = _choose_module(name, path, None, display, gauge_kwargs)
            except (UsageError, SyntaxError, OSError, UnicodeDecodeError):
                continue
            if best is None or c.candidate.score > best.candidate.score:
                best = c
    if best is None:
        assert err is not None
        raise err
    return best


def _choose_module(name: str, path: str, line: int | None, importer: str,
                   gauge_kwargs: dict[str, Any] | None) -> Choice:
    with open(path, encoding="utf-8") as f:
        source = f.read()
    c = choose(ast.parse(source, filename=path), source, path, path, line, gauge_kwargs)
    return Choice(c.analysis, c.pick, c.plan, module=name, imported_by=importer)


def explain(choice: Choice) -> str:
    """One paragraph: which loop was chosen, why, and how to choose another."""
    c = choice.candidate
    where = f" (module {choice.module}, imported by {os.path.basename(choice.imported_by or '')})" \
        if choice.module else ""
    text = f"timing the loop at {choice.plan.site}{' in ' + c.function + '()' if c.function else ''}{where}: " \
           f"{c.header}\n  because {choice.pick.reason}"
    others = [o for o in choice.pick.others if o.score > 0]
    if others:
        text += "\n  other candidates: " + "; ".join(f"{o.where} (score {o.score})" for o in others[:4])
        text += f"; choose one with --loop {choice.plan.site.rsplit(':', 1)[0]}:LINE"
    return text
