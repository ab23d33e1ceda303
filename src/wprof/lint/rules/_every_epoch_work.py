"""WP116's work that runs on every iteration of an epoch loop (or that a checkpoint manager runs when it decides).

The rule's own sites are work under a periodic test (``if step % eval_every == 0``). Two more kinds of site hold
non-step work that a training interval can span without any such test:

- in an *epoch loop* (a loop whose training step lies in a loop nested in it), an evaluation that runs at every
  epoch: a ``with torch.no_grad():`` (or ``inference_mode``) block that loops over data, a call of a function of
  the file that evaluates (``model.eval()`` in it, or a loop under ``no_grad``), or an evaluation-named call
  (``validate(...)``, ``test_epoch(...)``); and a checkpoint save run at every epoch;
- in any training loop, a checkpoint manager's save handed the step (``checkpoint.save(step, force=...)``,
  ``manager.save(step)``): the manager writes at its own interval, so the call is periodic work though no test of
  the loop says so.

Each site is ``(statement index, statement, None, kind, text)``, the shape of the rule's own sites with no guard.
"""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._walk import Scope
from ._epoch_calls import epoch_call_stmt, mark_call_epoch_site

_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_NO_GRAD = re.compile(r"(^|\.)(no_grad|inference_mode)$")
_STEPISH = re.compile(r"(^|_|\.)(step|steps|epoch|iter|iteration|global_step|it)($|_)")


_BUILTINS = {"range", "reversed", "len", "enumerate", "zip", "float", "int", "bool", "min", "max", "abs", "sum",
             "round", "print", "list", "tuple", "dict", "set", "isinstance", "sorted", "str"}


def _no_grad_loop(ctx: Context, st: ast.AST) -> bool:
    """``st`` is a ``with torch.no_grad():`` block whose body loops over work (a loader, test episodes): a loop
    that calls something. A loop of arithmetic alone (PPO's advantage recursion ``for t in
    reversed(range(n)): delta = rewards[t] + ...``) is part of the training update, not an evaluation."""
    if not isinstance(st, (ast.With, ast.AsyncWith)):
        return False
    if not any(isinstance(i.context_expr, ast.Call) and _NO_GRAD.search(dotted(i.context_expr.func) or "")
               for i in st.items):
        return False
    return any(isinstance(n, _LOOPS) and _calls_work(n) for b in st.body for n in ast.walk(b))


def _calls_work(loop: ast.stmt) -> bool:
    """The loop's body calls something other than a builtin (a model, a loader's ``next``, a metric)."""
    return any(isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id in _BUILTINS)
               for b in loop.body for n in ast.walk(b))


def _leaves_loop(st: ast.stmt, loop: ast.stmt) -> bool:
    """``st`` sits in a branch of an ``if`` (inside ``loop``) that ends by leaving the loop (``if last_step: save;
    break``): work of the last iteration, not of every epoch."""
    node: ast.AST = st
    while node is not loop:
        parent = getattr(node, "_wp_parent", None)
        if parent is None:
            return False
        if isinstance(parent, ast.If):
            branch = parent.body if node in parent.body else parent.orelse
            if branch and isinstance(branch[-1], (ast.Break, ast.Return, ast.Raise)):
                return True
        node = parent
    return False


def _optimizer_loop_step(st: ast.stmt, loop: ast.stmt) -> bool:
    """``st`` is ``opt.step()`` in ``for opt in optimizers:``: a loop over optimizers, not over batches."""
    if not isinstance(loop, (ast.For, ast.AsyncFor)) or not isinstance(loop.target, ast.Name):
        return False
    calls = [n for n in ast.walk(st) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and
             n.func.attr == "step"]  # (a statement with no `.step()`, `model.train(lr, *batch)`, is no such step)
    return bool(calls) and all(isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name) and
                               c.func.value.id == loop.target.id for c in calls
                               if isinstance(c.func, ast.Attribute) and c.func.attr == "step")


def _evaluates_fn(ctx: Context, name: str) -> bool:
    """A function of the file that evaluates: it puts a model in eval mode, or loops under ``no_grad``."""
    cache = ctx.__dict__.setdefault("_wp116_every_fn", {})
    if name not in cache:
        fn = ctx.functions[name]
        hit = False
        for n in ast.walk(fn):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "eval" and \
                    not n.args and not n.keywords and "optim" not in ast.unparse(n.func.value).lower():
                hit = True
                break
            if _no_grad_loop(ctx, n):
                hit = True
                break
        if hit and any(isinstance(n, ast.Call) and n.func is not None and isinstance(n.func, ast.Attribute) and
                       n.func.attr in ("backward", "step") and not isinstance(n.func.value, ast.Call)
                       and ("opt" in ast.unparse(n.func.value).lower() or n.func.attr == "backward")
                       for n in ast.walk(fn)):
            hit = False  # it trains too (a train function that switches to eval for a check): not evaluation alone
        cache[name] = hit
    return cache[name]


def _epoch_loop(ctx: Context, loop: ast.stmt, scope: Scope, train_sites: list[int]) -> str:
    """``"nested"`` when ``loop`` holds a training step in a loop nested in it, ``"call"`` when it holds only a call
    of a function whose body loops over training steps (``train_one_epoch(model, loader, opt)``,
    ``_epoch_calls``): an epoch loop; ``""`` otherwise."""
    via_call = False
    for i in train_sites:
        loops = scope.stmts[i]._wp_loops  # type: ignore[attr-defined]
        if loop in loops and loops[-1] is not loop and not _optimizer_loop_step(scope.stmts[i], loops[-1]):
            return "nested"
        if not via_call and loops and loops[-1] is loop and epoch_call_stmt(ctx, scope.stmts[i]):
            via_call = True
    return "call" if via_call else ""


def every_iteration_sites(ctx: Context, scope: Scope, train_sites: list[int], work_kind,
                          periodic_idx: set[int]) -> list[tuple[int, ast.stmt, None, str, str]]:
    """The sites above in ``scope`` (statements not already a periodic site: ``periodic_idx``)."""
    out: list[tuple[int, ast.stmt, None, str, str]] = []
    if not train_sites:
        return out
    epoch: dict[int, bool] = {}
    for st in scope.stmts:
        loops = st._wp_loops  # type: ignore[attr-defined]
        if not loops or st._wp_idx in periodic_idx:  # type: ignore[attr-defined]
            continue
        loop = loops[-1]
        if id(loop) not in epoch:
            epoch[id(loop)] = _epoch_loop(ctx, loop, scope, train_sites)
        if isinstance(st, _LOOPS) or _leaves_loop(st, loop):
            continue
        if epoch[id(loop)] and _no_grad_loop(ctx, st):
            w = st.items[0].context_expr  # type: ignore[attr-defined]
            out.append((st._wp_idx, st, None, "evaluation run at every epoch", f"with {ctx.text(w)}: ..."))  # type: ignore
            continue
        if isinstance(st, (ast.With, ast.AsyncWith, ast.Try, ast.If)) and not isinstance(st, ast.If):
            continue
        for n in st._wp_nodes:  # type: ignore[attr-defined]
            if not isinstance(n, ast.Call) or not epoch[id(loop)] and not (
                    isinstance(n.func, ast.Attribute) and "save" in n.func.attr):
                continue  # outside an epoch loop only a manager's `save(step)` counts
            kind = work_kind(ctx, n)
            if kind is None or kind == "generation":
                continue
            what = ctx.text(n.func) + ("()" if not n.args and not n.keywords else "(...)")
            if kind == "checkpoint save" and isinstance(n.func, ast.Attribute) and \
                    ctx.call_name(n) != "torch.save" and _hands_step(n):
                out.append((st._wp_idx, st, None, "checkpoint manager's save (it writes at its own interval)",
                            what))  # type: ignore[attr-defined]
                break
            if not epoch[id(loop)]:
                continue
            if kind == "evaluation":
                if isinstance(n.func, ast.Attribute) and n.func.attr == "eval":
                    continue  # `model.eval()` alone: the evaluation is the block after it
                if isinstance(n.func, ast.Name) and n.func.id in ctx.functions and \
                        not _evaluates_fn(ctx, n.func.id):
                    continue
            out.append((st._wp_idx, st, None, f"{kind} run at every epoch", what))  # type: ignore[attr-defined]
            break
    for site in out:  # the epoch loop known by a called epoch's training only (`_epoch_calls`)
        if epoch.get(id(site[1]._wp_loops[-1])) == "call":  # type: ignore[attr-defined]
            mark_call_epoch_site(ctx, site[1])
    return out


def _hands_step(call: ast.Call) -> bool:
    """A save call handed the step (``checkpoint.save(train_state.step, force=...)``): a checkpoint manager that
    decides itself when to write."""
    if any(k.arg == "force" for k in call.keywords):
        return True
    return any(_STEPISH.search(dotted(a) or "") for a in [*call.args, *(k.value for k in call.keywords)])
