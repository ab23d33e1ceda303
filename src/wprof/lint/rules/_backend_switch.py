"""A library setting switched between two timings of the same call makes the later one another variant of the work
(WP103, twentieth session, set 115).

``torch.backends.cuda.matmul.allow_tf32 = False`` (or ``torch.set_float32_matmul_precision("highest")``,
``torch.backends.cudnn.benchmark = True``) between ``t0 = ...; a @ b; ...`` and the same timing again picks other
kernels for the second: the pair compares two settings, not a cold call with a warm one, so the first timing's cold
start is a mistake in that comparison (as a later timing under another context manager is:
``no_warmup._timed_again_later``)."""

from __future__ import annotations

import ast

from .._context import Context, dotted

_SETTERS = ("torch.set_float32_matmul_precision", "torch.backends.", "jax.config.update")


def setting_switched(ctx: Context, scope, lo: int, hi: int) -> bool:
    """A statement of ``scope`` strictly between indexes ``lo`` and ``hi`` assigns a backend flag
    (``torch.backends.cuda.matmul.allow_tf32 = False``) or calls a setter of one."""
    for st in scope.stmts[lo + 1:hi]:
        targets = st.targets if isinstance(st, ast.Assign) else [st.target] if isinstance(
            st, (ast.AugAssign, ast.AnnAssign)) else []
        if any(isinstance(t, ast.Attribute) and (dotted(t) or "").startswith("torch.backends.") for t in targets):
            return True
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and \
                (ctx.call_name(st.value) or dotted(st.value.func) or "").startswith(_SETTERS):
            return True
    return False
