"""The sizes of the tensors a sample works on, from what the code shows (WP101's sample length).

Elements and shapes of a tensor built by a factory (``torch.randn(4096, 4096)``, ``np.ones(n)``,
``cp.random.rand(*shape)``), followed through casts and moves, ``*_like`` and the device copies of a host array;
integers from literals, arithmetic, names bound in the scope (else the module), loops over literal size lists,
``argparse`` defaults, a parameter's values at the calls of its function in the file (or its default). Every value is
the largest the code can give: a bound, which is all a "short sample" needs. Read by :mod:`._sample_length`.
"""

from __future__ import annotations

import ast

from .._context import Context
from ._cli_defaults import cli_default
from ._size_lists import keyed_values, literal_lists, shape_args

_MAX_BINDINGS = 32  # beyond, a name (or a helper's calls) is not read value by value: bounded work per file


def _site_args(ctx: Context, fn: ast.AST, name: str) -> list[ast.AST | None]:
    """What each call of ``fn`` in this file passes for its parameter ``name`` (None: not known there)."""
    memo = ctx.__dict__.setdefault("_wp_site_args", {})
    key = (id(fn), name)
    if key not in memo:
        memo[key] = _find_site_args(ctx, fn, name)
    return memo[key]


def _find_site_args(ctx: Context, fn: ast.AST, name: str) -> list[ast.AST | None]:
    args = getattr(fn, "args", None)
    fname = getattr(fn, "name", None)
    if args is None or fname is None:
        return []
    calls = ctx._calls_of(fname)  # the file's calls of the plain name, indexed once (SyncModel)
    if len(calls) > _MAX_BINDINGS:
        return []  # a helper called all over the file: not read call by call
    pos = [a.arg for a in (*args.posonlyargs, *args.args)]
    idx = pos.index(name) if name in pos else None
    defaults = dict(zip(pos[len(pos) - len(args.defaults):], args.defaults))
    out: list[ast.AST | None] = []
    for c in calls:
        kw = [k.value for k in c.keywords if k.arg == name]
        if kw:
            out.append(kw[0])
        elif any(isinstance(a, ast.Starred) for a in c.args) or any(k.arg is None for k in c.keywords):
            out.append(None)
        elif idx is not None and idx < len(c.args):
            out.append(c.args[idx])
        else:
            out.append(defaults.get(name))
    return out


def _operands(n: ast.AST) -> list[ast.AST]:
    if isinstance(n, ast.BinOp):
        return _operands(n.left) + _operands(n.right)
    if isinstance(n, ast.UnaryOp):
        return _operands(n.operand)
    if isinstance(n, ast.Call):
        own = [n.func.value] if isinstance(n.func, ast.Attribute) else []
        return own + [e for a in n.args if not isinstance(a, ast.Starred)  # `k(grid, block, (a, b, c))`: its arrays
                      for e in (a.elts if isinstance(a, ast.Tuple) else [a])] + [k.value for k in n.keywords]
    return [n]


_MAX_ELEMENTS = 1 << 24  # 4096 x 4096: one pass over 64 MB of fp32 is tens of µs; above, the round trip is a small share


def _large(ctx: Context, n: ast.AST) -> bool:
    """An operand whose shape the file gives (``torch.randn(1024, 32768, device=...)``) holds more than
    ``_MAX_ELEMENTS`` elements: the op is no longer µs-scale."""
    for x in _operands(n):
        sizes = [_elements(ctx, x, 0)]
        scope = getattr(getattr(x, "_wp_stmt", None), "_wp_scope", None)
        if isinstance(x, ast.Name) and scope is not None and x.id in scope.params:
            sizes += [_elements(ctx, a, 1) for a in _site_args(ctx, scope.node, x.id)
                      if isinstance(a, (ast.Name, ast.Call))]  # what the callers hand it
        if any(size is not None and size > _MAX_ELEMENTS for size in sizes):
            return True
    return False


def _memo(ctx: Context, table: str, key: object, compute):
    """Memoize per file; a key being computed reads None (a cycle such as ``n = n * 2``)."""
    memo = ctx.__dict__.setdefault(table, {})
    if key in memo:
        return memo[key]
    memo[key] = None
    memo[key] = compute()
    return memo[key]


def _elements(ctx: Context, x: ast.AST, depth: int) -> int | None:
    if depth > 4:
        return None
    if isinstance(x, ast.Name):
        return _memo(ctx, "_wp_elements", x.id, lambda: _elements_of_name(ctx, x))
    return _elements_of_call(ctx, x, depth)


def _elements_of_name(ctx: Context, x: ast.Name) -> int | None:
    values = ctx.assigns.get(x.id, [])
    if len(values) > _MAX_BINDINGS:
        return None  # a name bound all over the file: not one tensor
    sizes = [_elements(ctx, v, 1) for v in values if isinstance(v, ast.Call)]
    sizes = [v for v in sizes if v is not None]
    return max(sizes) if sizes else None


def _elements_of_call(ctx: Context, x: ast.AST, depth: int) -> int | None:
    if not isinstance(x, ast.Call):
        return None
    q = ctx.call_name(x) or ""
    m = ctx.method(x)
    if m in ("flatten", "contiguous", "to", "cuda", "view", "reshape", "float", "half", "bfloat16") and \
            isinstance(x.func, ast.Attribute):
        return _elements(ctx, x.func.value, depth + 1)
    if q.startswith(("torch.", "cupy.")) and q.endswith("_like") and x.args and isinstance(x.args[0], ast.Name):
        return _tensor_elements(ctx, x.args[0]) if depth < 4 else None  # torch.empty_like(q)
    if q in ("numba.cuda.to_device", "cupy.asarray", "cupy.array", "pycuda.gpuarray.to_gpu") and x.args:
        return _elements(ctx, x.args[0], depth + 1)  # cuda.to_device(np.ones(n))
    if not ((q.startswith("torch.") and q.rsplit(".", 1)[-1] in ("randn", "rand", "zeros", "ones", "empty", "full",
                                                                  "randint")) or q in _ARRAY_FACTORIES):
        return None
    dims = shape_args(ctx, x.args)  # `torch.randn(*shape)`, `torch.randn(shape)` with `shape = (64, 4096)`
    if q.endswith(("randint", "full")) or (q in _ARRAY_FACTORIES and not q.endswith(("rand", "randn"))):
        dims = dims[2:] if q.endswith("randint") else dims[:1]  # np.ones(shape, dtype): the shape only
    if len(dims) == 1 and isinstance(dims[0], (ast.Tuple, ast.List)):
        dims = list(dims[0].elts)
    total = 1
    for d in dims:
        v = _int_value(ctx, d)
        if v is None:
            return None
        total *= v
    return total if dims else None


_ARRAY_FACTORIES = frozenset({
    "cupy.random.rand", "cupy.random.randn", "cupy.random.random", "cupy.ones", "cupy.zeros", "cupy.empty",
    "numpy.ones", "numpy.zeros", "numpy.empty", "numpy.random.rand", "numpy.random.randn", "numpy.random.random",
    "numba.cuda.device_array",
})


MATMULS = frozenset({"mm", "matmul", "bmm"})


_MAX_MACS = 512 ** 3  # a 512 x 512 x 512 matmul: a few µs on a datacenter GPU, tens on a small one


def _small_matmul(ctx: Context, operands: list[ast.AST]) -> bool:
    """Both operands' shapes are given by the file (every assignment resolved, loops over literal lists at their
    largest value) and the product is at most ``_MAX_MACS`` multiply-adds."""
    if len(operands) != 2 or any(isinstance(x, ast.Starred) for x in operands):
        return False
    a, b = (_dims(ctx, x, 0) for x in operands)
    if not a or not b:
        return False
    macs = b[-1]
    for d in a:
        macs *= d
    return macs <= _MAX_MACS


def _dims(ctx: Context, x: ast.AST, depth: int) -> list[int] | None:
    """The shape of a tensor the file builds with a factory (the largest of its assignments), when all are known."""
    if depth > 4:
        return None
    if isinstance(x, ast.Name):
        return _memo(ctx, "_wp_dims", x.id, lambda: _dims_of_name(ctx, x))
    return _dims_of_call(ctx, x, depth)


def _dims_of_name(ctx: Context, x: ast.Name) -> list[int] | None:
    values = ctx.assigns.get(x.id, [])
    if len(values) > _MAX_BINDINGS:
        return None  # a name bound all over the file: not one tensor
    shapes = [_dims(ctx, v, 1) for v in values]
    if not shapes or any(sh is None for sh in shapes):
        return None
    return max(shapes, key=_prod)  # type: ignore[arg-type,return-value]


def _dims_of_call(ctx: Context, x: ast.AST, depth: int) -> list[int] | None:
    if not isinstance(x, ast.Call):
        return None
    q = ctx.call_name(x) or ""
    m = ctx.method(x)
    if m in ("contiguous", "to", "cuda", "float", "half", "bfloat16") and isinstance(x.func, ast.Attribute):
        return _dims(ctx, x.func.value, depth + 1)
    if not (q.startswith("torch.") and q.rsplit(".", 1)[-1] in ("randn", "rand", "zeros", "ones", "empty")):
        return None
    dims = [a for a in x.args if not isinstance(a, ast.Starred)]
    if len(dims) != len(x.args):
        return None
    if len(dims) == 1 and isinstance(dims[0], (ast.Tuple, ast.List)):
        dims = list(dims[0].elts)
    vals = [_int_value(ctx, d) for d in dims]
    return None if not vals or None in vals else vals  # type: ignore[return-value]


def _prod(dims: list[int]) -> int:
    out = 1
    for d in dims:
        out *= d
    return out


def _scoped_values(ctx: Context, name: str, scope) -> list[ast.AST | None]:
    """The values ``name`` is bound to in ``scope`` (else at module level, a global): ``B, N = 1, 257`` gives each
    name its own; a binding whose value is not shown (``B, N = q.shape``, ``n *= 2``) is None."""
    stmts = ctx.scope_assigns(name, scope)
    if not stmts and scope is not ctx.scopes[0]:
        stmts = ctx.scope_assigns(name, ctx.scopes[0])
    out: list[ast.AST | None] = []
    for st in stmts:
        value = getattr(st, "value", None)
        if isinstance(st, ast.AugAssign) or value is None:
            out.append(None)
            continue
        for t in (st.targets if isinstance(st, ast.Assign) else [st.target]):  # type: ignore[attr-defined]
            if isinstance(t, ast.Name) and t.id == name:
                out.append(value)
            elif isinstance(t, (ast.Tuple, ast.List)):
                names = [e.id if isinstance(e, ast.Name) else None for e in t.elts]
                if name in names:
                    same = isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(names)
                    out.append(value.elts[names.index(name)] if same else None)  # type: ignore[union-attr]
    return out


def _param_default(fn: ast.AST, name: str) -> list[ast.AST | None]:
    """``[default]`` of a parameter of a function never called in the file (``def bench(size=1_000_000)``)."""
    args = getattr(fn, "args", None)
    if args is None:
        return []
    pos = [*args.posonlyargs, *args.args]
    defaults = dict(zip([a.arg for a in pos[len(pos) - len(args.defaults):]], args.defaults))
    defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    return [defaults[name]] if name in defaults else []


def _loop_values(ctx: Context, name: str, scope=None) -> list[ast.AST] | None:
    """``for m, n, k in SIZES`` / ``for n in (256, 512)``: the values ``name`` takes, when every loop binding it
    runs over a literal list (directly or through a name bound only to literal lists)."""
    index = ctx.__dict__.get("_wp_loop_targets")
    if index is None:
        index = {}
        for sc in ctx.scopes:
            for st in sc.stmts:
                if isinstance(st, (ast.For, ast.AsyncFor)):
                    for t in ast.walk(st.target):
                        if isinstance(t, ast.Name):
                            index.setdefault(t.id, []).append(st)
        ctx._wp_loop_targets = index  # type: ignore[attr-defined]
    loops = [st for st in index.get(name, ()) if scope is None or st._wp_scope is scope]  # type: ignore[attr-defined]
    if not loops:
        return None
    out: list[ast.AST] = []
    for st in loops:
        it = st.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and \
                isinstance(st.target, ast.Name) and 1 <= len(it.args) <= 3:
            bounds = [_int_value(ctx, a) for a in it.args]
            stop = bounds[0] if len(bounds) == 1 else bounds[1]
            if stop is None or any(b is None for b in bounds):
                return None
            out.append(ast.Constant(value=stop - 1))  # `for p in range(1, 25, 2)`: at most 24
            continue
        lists = literal_lists(ctx, it, st)  # a literal, a name or an option bound to one, `[1 << e for e in range(8)]`
        lists = [v for v in lists if not (isinstance(v, ast.Constant) and v.value is None)]  # `sizes=None` default
        if not lists or not all(isinstance(v, (ast.List, ast.Tuple)) for v in lists):
            return None
        pos = None
        if isinstance(st.target, ast.Tuple):
            names = [e.id if isinstance(e, ast.Name) else None for e in st.target.elts]
            if name not in names:
                return None
            pos = names.index(name)
        for lst in lists:
            for e in lst.elts:  # type: ignore[attr-defined]
                if pos is None:
                    out.append(e)
                elif isinstance(e, (ast.Tuple, ast.List)) and len(e.elts) > pos:
                    out.append(e.elts[pos])
                else:
                    return None
    return out


def _int_value(ctx: Context, d: ast.AST) -> int | None:
    if isinstance(d, ast.Constant) and isinstance(d.value, int) and not isinstance(d.value, bool):
        return d.value
    if isinstance(d, ast.BinOp) and isinstance(d.op, (ast.Mult, ast.Pow, ast.LShift)):
        a, b = _int_value(ctx, d.left), _int_value(ctx, d.right)
        if a is None or b is None:
            return None
        return a * b if isinstance(d.op, ast.Mult) else (a ** b if isinstance(d.op, ast.Pow) and b < 64 else a << b)
    if isinstance(d, ast.Name):
        scope = getattr(getattr(d, "_wp_stmt", None), "_wp_scope", None)
        return _memo(ctx, "_wp_ints", (d.id, id(scope)), lambda: _int_of_name(ctx, d.id, scope))
    if isinstance(d, ast.Subscript):  # `cfg["rows"]` over a literal list of dicts
        ints = [_int_value(ctx, v) for v in keyed_values(ctx, d, _loop_values) or [None]]  # type: ignore[list-item]
        return max(ints) if None not in ints else None  # type: ignore[type-var]
    default = cli_default(ctx, d) if isinstance(d, ast.Attribute) else None  # `args.n`: its argparse default
    return _int_value(ctx, default) if default is not None else None


def _int_of_name(ctx: Context, name: str, scope) -> int | None:
    values: list = _scoped_values(ctx, name, scope) if scope is not None else ctx.assigns.get(name, [])
    if not values:
        values = _loop_values(ctx, name, scope) or []
    if not values and scope is not None and name in scope.params:
        values = _site_args(ctx, scope.node, name) or _param_default(scope.node, name)  # `bench(4096)`, `size=1_000`
    if any(v is None for v in values) or len(values) > _MAX_BINDINGS:
        return None
    ints = [_int_value(ctx, v) for v in values]  # a name is read in its own scope (memoized, cycles read None)
    return max(ints) if ints and None not in ints else None  # type: ignore[type-var]


def _tensor_elements(ctx: Context, x: ast.Name) -> int | None:
    """Elements of the tensor ``x`` names: a parameter is read at every call of its function in the file."""
    use = getattr(x, "_wp_stmt", None)
    scope = getattr(use, "_wp_scope", None)
    if scope is not None and x.id in scope.params and not ctx.scope_assigns(x.id, scope):
        sites = _site_args(ctx, scope.node, x.id)
        sizes = [_elements(ctx, a, 1) if isinstance(a, (ast.Name, ast.Call)) else None for a in sites]
        return max(sizes) if sizes and None not in sizes else None  # type: ignore[type-var]
    if scope is not None:
        values = _scoped_values(ctx, x.id, scope)  # this function's own bindings (or the module's)
        if values:
            sizes = [_elements(ctx, v, 1) if isinstance(v, ast.Call) else None for v in values]
            return max(sizes) if None not in sizes else None  # type: ignore[type-var]
    return _elements(ctx, x, 0)
