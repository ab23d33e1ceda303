"""Scalars a region computes: a full reduction (``out.mean()``, ``torch.sum(x)``), a loss function's default mean
(``F.mse_loss(pred, y)``), arithmetic of one with numbers (``loss / accum_steps``). Copying one (``loss.detach()
.clone()``) allocates a single element: nothing a measurement of the work around it could show. Read by WP104."""

from __future__ import annotations

import ast

# methods and torch functions that reduce a whole tensor to one element when given no dimension
_FULL_REDUCTIONS = frozenset({"mean", "sum", "norm", "max", "min", "amax", "amin", "prod", "std", "var", "all",
                              "any", "logsumexp", "nansum", "nanmean", "count_nonzero", "dist"})
# torch.nn.functional losses: a mean over the batch unless `reduction="none"`
_LOSSES = frozenset({"mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "cross_entropy", "nll_loss",
                     "binary_cross_entropy", "binary_cross_entropy_with_logits", "kl_div", "cosine_embedding_loss",
                     "margin_ranking_loss", "soft_margin_loss", "poisson_nll_loss", "gaussian_nll_loss"})
# calls that hand back the same values (a view, a cast, a copy): as scalar as what they are called on
_SAME = frozenset({"detach", "clone", "float", "double", "half", "bfloat16", "contiguous", "to", "squeeze"})


def is_scalar(ctx, expr: ast.AST, stmts: list[ast.stmt], depth: int = 0) -> bool:
    """``expr`` (read in one of ``stmts``, a region's statements) is a one-element tensor: shown by its last binding
    among ``stmts`` before the read, through casts, copies and arithmetic with numbers."""
    if depth > 6:
        return False
    while isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr in _SAME:
        if expr.func.attr in ("squeeze", "to") and expr.args and isinstance(expr.args[0], ast.Constant):
            break
        expr = expr.func.value
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, (int, float))
    if isinstance(expr, ast.BinOp):
        sides = [expr.left, expr.right]
        return any(is_scalar(ctx, s, stmts, depth + 1) for s in sides) and \
            all(is_scalar(ctx, s, stmts, depth + 1) or not _tensor(ctx, s) for s in sides)
    if isinstance(expr, ast.UnaryOp):
        return is_scalar(ctx, expr.operand, stmts, depth + 1)
    if isinstance(expr, ast.Call):
        return _reduces_fully(ctx, expr)
    if isinstance(expr, ast.Name):
        use = getattr(expr, "_wp_stmt", None)
        value = None
        for st in stmts:
            if use is not None and st is use:
                break
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and \
                    st.targets[0].id == expr.id:
                value = st.value
        return value is not None and is_scalar(ctx, value, stmts, depth + 1)
    return False


def _tensor(ctx, e: ast.AST) -> bool:
    if isinstance(e, (ast.Constant, ast.Attribute)) and not ctx.is_tensorish(e):
        return False  # a number, or a setting: `self.args.gradient_accumulation_steps`
    if isinstance(e, ast.Name):
        return ctx.is_tensorish(e) or ctx.placement(e) is not None
    return True


def _reduces_fully(ctx, c: ast.Call) -> bool:
    q = ctx.call_name(c) or ""
    last = q.rsplit(".", 1)[-1]
    if any(k.arg in ("dim", "axis", "keepdim") for k in c.keywords):
        return False
    if q.startswith("torch.nn.functional.") and last in _LOSSES:
        return not any(k.arg == "reduction" and not (isinstance(k.value, ast.Constant) and
                                                      k.value.value in ("mean", "sum")) for k in c.keywords)
    if q.startswith("torch.") and q.count(".") == 1 and last in _FULL_REDUCTIONS:
        return len(c.args) == 1  # torch.mean(x): no dimension given
    if isinstance(c.func, ast.Attribute) and c.func.attr in _FULL_REDUCTIONS and \
            not (isinstance(c.func.value, ast.Name) and c.func.value.id in ctx.imports):
        return not c.args  # out.sum(), (pred - y).pow(2).mean()
    return False
