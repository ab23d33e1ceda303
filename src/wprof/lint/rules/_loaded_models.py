"""Models a function of the file builds on the GPU and hands back (twenty-second session, recur103, sets 77-172).

Where a model lives is known where it is placed (``model = Net().to(device)`` with ``device = torch.device("cuda" if
torch.cuda.is_available() else "cpu")``), but scripts often place it inside a loader of their own and hand it back:
``def load_model(device): model = AutoModel.from_pretrained(name).to(device); return model, tokenizer`` ...
``model, tokenizer = load_model(device)``. The caller's ``model`` is then the GPU model the loader returned: every
``return`` of the loader gives, at that position of the unpacked tuple, a value the shared placement model shows on
the GPU (:func:`wprof.lint._host_waits._returned_on_gpu`, which already follows that for stores into host tensors).
A model bound so, and not run before, is as cold as one placed in the caller itself.
"""

from __future__ import annotations

import ast


def loaded_on_gpu(ctx, name: ast.Name) -> bool:
    """``name`` (a read in a function) is bound only from calls of loaders of the file that return, at its position, a
    value shown on the GPU."""
    from .._host_waits import _returned_on_gpu

    return isinstance(name, ast.Name) and _returned_on_gpu(ctx, name)


def interval_fields(r, fn: ast.AST) -> frozenset[str]:
    """The keys under which the helper ``fn`` returns the interval of its region ``r`` in a record: ``latency = end -
    start`` ... ``return {"latency": latency, "tokens": n}`` gives ``{"latency"}``. A caller that keeps
    ``stats["latency"]`` of each call keeps the helper's sample (the first one cold) as surely as one that keeps a
    returned number."""
    st = r.interval
    names = {n.id for t in (st.targets if isinstance(st, ast.Assign) else [getattr(st, "target", None)])
             if t is not None for n in ast.walk(t) if isinstance(n, ast.Name)}
    if not names:
        return frozenset()
    out: set[str] = set()
    for s in ast.walk(fn):
        if isinstance(s, ast.Return) and isinstance(s.value, ast.Dict):
            for k, v in zip(s.value.keys, s.value.values):
                if isinstance(k, ast.Constant) and isinstance(k.value, str) and isinstance(v, ast.Name) and \
                        v.id in names:
                    out.add(k.value)
    return frozenset(out)


def kept_field(node: ast.AST, name: str, fields: frozenset[str]) -> bool:
    """``node`` is ``name["<field>"]`` for one of the helper's interval ``fields``."""
    return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name and \
        isinstance(node.slice, ast.Constant) and node.slice.value in fields
