"""The sizes of the tensors a sample works on, from what the code shows (WP101's sample length).

Elements and shapes of a tensor built by a factory (``torch.randn(4096, 4096)``, ``np.ones(n)``,
``cp.random.rand(*shape)``), followed through casts and moves, ``*_like`` and the device copies of a host array;
integers from literals, arithmetic, names bound in the scope (else the module), loops over literal size lists,
``argparse`` defaults, a parameter's values at the calls of its function in the file (or its default), also where
the file launches the function in new processes (``mp.spawn(worker, args=(n,))`` calls ``worker(rank, n)``), and the
rows of a parametrized test's decorator (``@parameterized.parameters(*CASES)``, ``@pytest.mark.parametrize``). Every value is
the largest the code can give: a bound, which is all a "short sample" needs. Read by :mod:`._sample_length`.
"""

from __future__ import annotations

import ast

from .._context import Context
from .._names import param_defaults
from ._cli_defaults import cli_default
from ._size_lists import keyed_values, literal_lists, shape_args
from ._size_sweeps import note_choice, pinned
from ._test_params import test_rows

_MAX_BINDINGS = 32  # beyond, a name (or a helper's calls) is not read value by value: bounded work per file


def _site_args(ctx: Context, fn: ast.AST, name: str) -> list[ast.AST | None]:
    """What each call of ``fn`` in this file passes for its parameter ``name`` (None: not known there)."""
    memo = ctx.__dict__.setdefault("_wp_site_args", {})
    key = (id(fn), name)
    if key not in memo:
        memo[key] = _find_site_args(ctx, fn, name)
    out, sites = memo[key]
    if len(out) > 1:  # a function called several times: one choice of a sweep (`_size_sweeps`)
        note_choice(ctx, ("site", id(fn)), fn, sites)
        i = pinned(ctx, ("site", id(fn)))
        if i is not None and i < len(out):
            return [out[i]]
    return out


def _find_site_args(ctx: Context, fn: ast.AST, name: str) -> tuple[list[ast.AST | None], list[ast.AST]]:
    """The values (as ``_site_args``) and, in the same order, the call (or decorator row's function) of each."""
    args = getattr(fn, "args", None)
    fname = getattr(fn, "name", None)
    if args is None or fname is None:
        return [], []
    calls = ctx._calls_of(fname)  # the file's calls of the plain name, indexed once (SyncModel)
    if len(calls) > _MAX_BINDINGS:
        return [], []  # a helper called all over the file: not read call by call
    pos = [a.arg for a in (*args.posonlyargs, *args.args)]
    idx = pos.index(name) if name in pos else None
    defaults = dict(zip(pos[len(pos) - len(args.defaults):], args.defaults))
    out: list[ast.AST | None] = []
    sites: list[ast.AST] = []
    for c, shift in _spawn_sites(ctx, fname):
        sites.append(c)  # `mp.spawn(main, args=(ws,))` calls `main(rank, ws)`
        if idx is None or idx < shift:
            out.append(None)  # the process index spawn passes itself
            continue
        given = [k.value for k in c.keywords if k.arg == "args"] or list(c.args[1:2])
        elts = given[0].elts if given and isinstance(given[0], (ast.Tuple, ast.List)) else None
        ok = elts is not None and not any(isinstance(e, ast.Starred) for e in elts)
        out.append(elts[idx - shift] if ok and idx - shift < len(elts) else  # type: ignore[index]
                   (defaults.get(name) if ok else None))
    for c in calls:
        sites.append(c)
        kw = [k.value for k in c.keywords if k.arg == name]
        if kw:
            out.append(kw[0])
        elif any(isinstance(a, ast.Starred) for a in c.args) or any(k.arg is None for k in c.keywords):
            out.append(None)
        elif idx is not None and idx < len(c.args):
            out.append(c.args[idx])
        else:
            out.append(defaults.get(name))
    rows = test_rows(ctx, fn, name)  # a parametrized test: one call per row of its decorator
    out.extend(rows)
    sites.extend(fn for _ in rows)
    return out, sites


# process launchers that call a function of the file with a tuple of arguments: (target keyword, leading arguments
# the launcher passes itself); `torch.multiprocessing.spawn(fn, args=(...))` calls `fn(i, *args)` in process `i`
_LAUNCHERS = {"torch.multiprocessing.spawn": ("fn", 1), "torch.multiprocessing.start_processes": ("fn", 1),
              "multiprocessing.Process": ("target", 0), "torch.multiprocessing.Process": ("target", 0)}


def _spawn_sites(ctx: Context, fname: str) -> list[tuple[ast.Call, int]]:
    """The launches of ``fname`` in new processes in this file, with how many leading arguments the launcher adds
    (indexed once per file)."""
    index = ctx.__dict__.get("_wp_spawn_sites")
    if index is None:
        index = {}
        for c in ctx.calls:
            q = ctx.call_name(c) or ""
            if q not in _LAUNCHERS:
                continue
            kw, shift = _LAUNCHERS[q]
            fn = [k.value for k in c.keywords if k.arg == kw]
            if not fn and kw == "fn":
                fn = list(c.args[:1])  # `mp.spawn(worker, args=...)`, or `mp.spawn(fn=worker, args=...)`
            if fn and isinstance(fn[0], ast.Name):
                index.setdefault(fn[0].id, []).append((c, shift))
        ctx._wp_spawn_sites = index  # type: ignore[attr-defined]
    return index.get(fname, [])


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
    ``_MAX_ELEMENTS`` elements of fp32 (64 MB; twice as many of a 2-byte dtype the file shows): the op is no longer
    µs-scale."""
    if (isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult)) or \
            (isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute)) and
             (ctx.call_name(n) or "").startswith("torch.") and (ctx.call_name(n) or "").rsplit(".", 1)[-1] in MATMULS):
        return False  # a matmul is bounded by its time on the reference GPU (`_small_matmul`), bytes included
    for x in _operands(n):
        scope = getattr(getattr(x, "_wp_stmt", None), "_wp_scope", None)
        own = _scoped_values(ctx, x.id, scope) if isinstance(x, ast.Name) and scope is not None else []
        # a name bound in its own scope is read there (the same name in another function is another tensor)
        sizes = [_tensor_elements(ctx, x) if own and None not in own else _elements(ctx, x, 0)]
        if isinstance(x, ast.Name) and scope is not None and x.id in scope.params:
            sizes += [_elements(ctx, a, 1) for a in _site_args(ctx, scope.node, x.id)
                      if isinstance(a, (ast.Name, ast.Call))]  # what the callers hand it
        bound = _MAX_ELEMENTS * 4 // _itemsize(ctx, x) if isinstance(x, ast.Name) else _MAX_ELEMENTS  # bytes
        if any(size is not None and size > bound for size in sizes):
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
    if isinstance(x, ast.BinOp) and not isinstance(x.op, ast.MatMult) and \
            sum(isinstance(side, ast.Constant) and type(side.value) in (int, float) for side in (x.left, x.right)) == 1:
        array = x.right if isinstance(x.left, ast.Constant) else x.left  # `np.ones(n) * 2`: the array's elements
        return _elements(ctx, array, depth + 1) if isinstance(array, (ast.Call, ast.Name)) else None
    return _elements_of_call(ctx, x, depth)


def _elements_of_name(ctx: Context, x: ast.Name) -> int | None:
    values = ctx.assigns.get(x.id, [])
    if len(values) > _MAX_BINDINGS:
        return None  # a name bound all over the file: not one tensor
    sizes = [_elements(ctx, v, 1) for v in values if isinstance(v, (ast.Call, ast.BinOp))]
    sizes = [v for v in sizes if v is not None]
    return max(sizes) if sizes else None


def _elements_of_call(ctx: Context, x: ast.AST, depth: int) -> int | None:
    if not isinstance(x, ast.Call):
        return None
    q = ctx.call_name(x) or ""
    m = ctx.method(x)
    if m in ("view", "reshape") and isinstance(x.func, ast.Attribute) and (dims := _reshaped(ctx, x)) is not None:
        args = x.args[0].elts if len(x.args) == 1 and isinstance(x.args[0], (ast.Tuple, ast.List)) else x.args
        return _joint_product(ctx, list(args)) or _prod(dims)  # `w.reshape(rows, cols)`: the shape it is given
    if m in _PASS_METHODS and isinstance(x.func, ast.Attribute):
        return _elements(ctx, x.func.value, depth + 1)
    if m in _COPY_BACKS and isinstance(x.func, ast.Attribute) and not x.args and not x.keywords:
        return _elements(ctx, x.func.value, depth + 1)  # `a = d_a.copy_to_host()`: the device array's elements
    if q in _ARANGES and 1 <= len(x.args) <= 3:  # `np.arange(n, dtype=np.float32)`: one element per step
        from ._sample_idioms import arange_elements

        return arange_elements(ctx, x)
    if q.startswith(("torch.", "cupy.", "numpy.", "numba.cuda.")) and q.endswith("_like") and x.args and \
            isinstance(x.args[0], ast.Name):
        return _tensor_elements(ctx, x.args[0]) if depth < 4 else None  # torch.empty_like(q)
    if q in _HOST_COPIES and x.args:
        return _elements(ctx, x.args[0], depth + 1)  # cuda.to_device(np.ones(n)), torch.from_numpy(a)
    if q in _SIZE_KW_FACTORIES:  # np.random.uniform(size=(n, 1))
        size = _size_keyword(x)
        vals = _int_dims(ctx, size[0]) if size else None
        return _joint_product(ctx, list(size[0].elts) if isinstance(size[0], (ast.Tuple, ast.List)) else size) \
            if vals else None
    if not ((q.startswith("torch.") and q.rsplit(".", 1)[-1] in ("randn", "rand", "zeros", "ones", "empty", "full",
                                                                  "randint")) or q in _ARRAY_FACTORIES):
        return None
    dims = shape_args(ctx, x.args)  # `torch.randn(*shape)`, `torch.randn(shape)` with `shape = (64, 4096)`
    dims = _torch_dims(x, q, dims)  # `torch.rand(size=(64, 128))`
    if q.endswith(("randint", "full")) or (q in _ARRAY_FACTORIES and not q.endswith(("rand", "randn"))):
        dims = dims[2:] if q.endswith("randint") else dims[:1]  # np.ones(shape, dtype): the shape only
    if len(dims) == 1 and isinstance(dims[0], (ast.Tuple, ast.List)):
        dims = list(dims[0].elts)
    return _joint_product(ctx, dims)


# methods that keep a tensor's (or array's) elements: moves, casts, layout
_PASS_METHODS = frozenset({"flatten", "contiguous", "to", "cuda", "view", "reshape", "float", "half", "bfloat16",
                           "astype", "double"})
# a device array copied back to the host, whole (`d_a.copy_to_host()`, CuPy's `x.get()`, `t.cpu()`): its elements
_COPY_BACKS = frozenset({"copy_to_host", "get", "cpu", "numpy"})
# a copy of a host array (or a tensor of the same elements) on the device, or a tensor sharing a NumPy array's memory
_HOST_COPIES = frozenset({"numba.cuda.to_device", "cupy.asarray", "cupy.array", "cupy.asnumpy",
                          "pycuda.gpuarray.to_gpu",
                          "torch.from_numpy", "torch.as_tensor", "jax.device_put", "jax.numpy.asarray",
                          "jax.numpy.array"})
_ARANGES = frozenset({"numpy.arange", "cupy.arange", "torch.arange", "jax.numpy.arange"})
# NumPy's random draws take their shape as `size=`
_SIZE_KW_FACTORIES = frozenset({"numpy.random.uniform", "numpy.random.normal", "numpy.random.standard_normal",
                                "numpy.random.randint", "numpy.random.random_sample", "numpy.random.random"})


def _joint_product(ctx: Context, dims: list[ast.AST]) -> int | None:
    """The largest number of elements of a shape whose dimensions are known integers. Dimensions unpacked together
    from one loop over a literal list of tuples (``for rows, cols in [(768, 3072), (3072, 768)]``) are read tuple by
    tuple, not each at its own largest value (which would pair 3072 with 3072)."""
    if not dims:
        return None
    vals = [_int_value(ctx, d) for d in dims]
    if None in vals:
        return None
    loops: dict[int, tuple[ast.stmt, list[int]]] = {}
    index = ctx.__dict__.get("_wp_loop_targets") or {}
    for i, d in enumerate(dims):
        if isinstance(d, ast.Name):
            bound = index.get(d.id, ())
            if len(bound) == 1 and isinstance(bound[0].target, ast.Tuple) and \
                    not ctx.scope_assigns(d.id, bound[0]._wp_scope):  # type: ignore[attr-defined]
                loops.setdefault(id(bound[0]), (bound[0], []))[1].append(i)
    best = _prod(vals)  # type: ignore[arg-type]
    for st, idxs in loops.values():
        if len(idxs) < 2:
            continue
        names = [e.id if isinstance(e, ast.Name) else None for e in st.target.elts]  # type: ignore[attr-defined]
        rows = [lst for lst in literal_lists(ctx, st.iter, st)]  # type: ignore[attr-defined]
        if len(rows) != 1 or not isinstance(rows[0], (ast.List, ast.Tuple)):
            continue
        totals = []
        for elt in rows[0].elts:
            if not isinstance(elt, (ast.Tuple, ast.List)) or len(elt.elts) != len(names):
                totals = []
                break
            row = list(vals)
            for i in idxs:
                row[i] = _int_value(ctx, elt.elts[names.index(dims[i].id)])  # type: ignore[attr-defined]
            if None in row:
                totals = []
                break
            totals.append(_prod(row))  # type: ignore[arg-type]
        if totals:
            best = min(best, max(totals))
    return best


def _int_dims(ctx: Context, d: ast.AST) -> list[int] | None:
    """``(rows, 1)`` / ``n``: the integers of a shape argument, when every one is known."""
    elts = list(d.elts) if isinstance(d, (ast.Tuple, ast.List)) else [d]
    vals = [_int_value(ctx, e) for e in elts]
    return None if not vals or None in vals else vals  # type: ignore[return-value]


def _reshaped(ctx: Context, x: ast.Call) -> list[int] | None:
    """``t.reshape(rows, cols)`` / ``t.view((rows, cols))``: the shape given, when every dimension is a known
    positive integer (``-1`` and ``view(dtype)`` read as the source's elements)."""
    args = x.args
    if len(args) == 1 and isinstance(args[0], (ast.Tuple, ast.List)):
        args = list(args[0].elts)
    if not args or x.keywords or any(isinstance(a, ast.Starred) for a in args):
        return None
    vals = [_int_value(ctx, a) for a in args]
    return None if None in vals or any(v <= 0 for v in vals) else vals  # type: ignore[operator,return-value]


_ARRAY_FACTORIES = frozenset({
    "cupy.random.rand", "cupy.random.randn", "cupy.random.random", "cupy.ones", "cupy.zeros", "cupy.empty",
    "numpy.ones", "numpy.zeros", "numpy.empty", "numpy.random.rand", "numpy.random.randn", "numpy.random.random",
    "numba.cuda.device_array", "jax.numpy.ones", "jax.numpy.zeros", "jax.numpy.empty",
})


MATMULS = frozenset({"mm", "matmul", "bmm"})


_MAX_MACS = 512 ** 3  # a 512 x 512 x 512 matmul: a few µs on a datacenter GPU, tens on a small one
# Above that bound a matmul is judged by its time on a reference GPU (an H200, BASELINES.md), the larger of its
# arithmetic at the dtype's dense peak and its bytes at the memory bandwidth, conservatively low figures: short when at
# most the time one pass over 2^24 fp32 elements takes (the bound of an elementwise op), about 60 µs. A 1024^3 fp32
# matmul (~35 µs) and a decode-size one (8 rows times a 5120 x 5120 bf16 weight, memory-bound: ~15 µs) are short;
# a 2048^3 fp32 one (~290 µs) or a 4096^3 fp16 one (~340 µs) is not.
_PEAK_FLOPS_PER_US = {1: 800e6, 2: 400e6, 4: 60e6, 8: 30e6}  # by bytes per element: fp8, fp16/bf16, fp32, fp64
_BYTES_PER_US = 3.5e6
_SHORT_US = 60.0
_ITEMSIZES = {"float16": 2, "half": 2, "bfloat16": 2, "float32": 4, "float": 4, "float64": 8, "double": 8,
              "int8": 1, "uint8": 1, "float8_e4m3fn": 1, "float8_e5m2": 1}


def _small_matmul(ctx: Context, operands: list[ast.AST]) -> bool:
    """Both operands' shapes are given by the file (every assignment resolved, loops over literal lists at their
    largest value) and the product is at most ``_MAX_MACS`` multiply-adds, or takes at most ``_SHORT_US`` on the
    reference GPU at the operands' dtype."""
    if len(operands) != 2 or any(isinstance(x, ast.Starred) for x in operands):
        return False
    a, b = (_dims(ctx, x, 0) for x in operands)
    if not a or not b:
        return False
    macs = b[-1]
    for d in a:
        macs *= d
    if macs <= _MAX_MACS:
        return True
    size = max(_itemsize(ctx, x) for x in operands)
    if _matmul_us(a, b, size) <= _SHORT_US:
        return True
    joint = _joint_shapes(ctx, operands)  # `for k, n in SHAPES`: each (k, n) pair, not each at its own largest
    return joint is not None and max(_matmul_us(ja, jb, size) for ja, jb in joint) <= _SHORT_US


def _small_einsum(ctx: Context, args: list[ast.AST]) -> bool:
    """``torch.einsum("ij,jk->ik", a, b)`` with a literal equation (no ``...``) and every operand's shape given by the
    file: its multiply-adds are the product of the sizes of all its subscripts (a contraction is a matmul, a
    ``"ij,ik,il->jkl"`` an outer product summed), short at most ``_MAX_MACS`` of them, or at most ``_SHORT_US`` on the
    reference GPU by its arithmetic and its bytes (operands and result) at the operands' dtype."""
    if len(args) < 2 or not isinstance(args[0], ast.Constant) or not isinstance(args[0].value, str) or \
            any(isinstance(x, ast.Starred) for x in args):
        return False
    eq = args[0].value.replace(" ", "")
    if "..." in eq or eq.count("->") != 1:
        return False
    ins, out = eq.split("->")
    terms = ins.split(",")
    if len(terms) != len(args) - 1 or not all(t.isalpha() for t in terms) or not (out.isalpha() or out == ""):
        return False
    sizes: dict[str, int] = {}
    for term, x in zip(terms, args[1:]):
        dims = _dims(ctx, x, 0)
        if not dims or len(dims) != len(term):
            return False
        for ch, d in zip(term, dims):
            if sizes.setdefault(ch, d) != d and 1 not in (d, sizes[ch]):
                return False
            sizes[ch] = max(sizes[ch], d)
    if any(ch not in sizes for ch in out):
        return False
    macs = _prod(list(sizes.values()))
    if macs <= _MAX_MACS:
        return True
    size = max(_itemsize(ctx, x) for x in args[1:])
    moved = (sum(_prod([sizes[ch] for ch in t]) for t in terms) + _prod([sizes[ch] for ch in out])) * size
    return max(2 * macs / _PEAK_FLOPS_PER_US.get(size, _PEAK_FLOPS_PER_US[4]), moved / _BYTES_PER_US) <= _SHORT_US


def _matmul_us(a: list[int], b: list[int], size: int) -> float:
    macs = b[-1]
    for d in a:
        macs *= d
    moved = (_prod(a) + _prod(b) + _prod(a[:-1]) * b[-1]) * size
    return max(2 * macs / _PEAK_FLOPS_PER_US[size], moved / _BYTES_PER_US)


def _joint_shapes(ctx: Context, operands: list[ast.AST]) -> list[tuple[list[int], list[int]]] | None:
    """The two operands' shapes for each tuple of the one loop over a literal list of tuples that binds their
    dimensions together (``for k, n in [(5120, 13824), (13824, 5120)]`` with ``a = torch.randn(m, k)`` and ``b =
    torch.randn(k, n)``); the other dimensions at their largest. None when no such loop binds them."""
    exprs = [_dim_exprs(ctx, x) for x in operands]
    if any(e is None for e in exprs):
        return None
    index = ctx.__dict__.get("_wp_loop_targets") or {}
    loops = {id(b[0]): b[0] for e in exprs for d in e if isinstance(d, ast.Name)  # type: ignore[union-attr]
             for b in [index.get(d.id, ())] if len(b) == 1 and isinstance(b[0].target, ast.Tuple) and
             not ctx.scope_assigns(d.id, b[0]._wp_scope)}
    if len(loops) != 1:
        return None
    (st,) = loops.values()
    names = [e.id if isinstance(e, ast.Name) else None for e in st.target.elts]  # type: ignore[attr-defined]
    rows = literal_lists(ctx, st.iter, st)  # type: ignore[attr-defined]
    if len(rows) != 1 or not isinstance(rows[0], (ast.List, ast.Tuple)):
        return None
    out = []
    for elt in rows[0].elts:
        if not isinstance(elt, (ast.Tuple, ast.List)) or len(elt.elts) != len(names):
            return None
        env = {n: _int_value(ctx, v) for n, v in zip(names, elt.elts) if n is not None}
        shapes = [[env[d.id] if isinstance(d, ast.Name) and d.id in env else _int_value(ctx, d)
                   for d in e] for e in exprs]  # type: ignore[union-attr]
        if any(v is None for sh in shapes for v in sh):
            return None
        out.append((shapes[0], shapes[1]))
    return out or None  # type: ignore[return-value]


def _dim_exprs(ctx: Context, x: ast.AST) -> list[ast.AST] | None:
    """The dimension expressions of the one factory call a name is bound to in its scope (``torch.randn(m, k)``,
    through casts and moves), else None."""
    if not isinstance(x, ast.Name):
        return None
    scope = getattr(getattr(x, "_wp_stmt", None), "_wp_scope", None)
    values = [v for v in (_scoped_values(ctx, x.id, scope) if scope is not None else [])
              if not _same_tensor(ctx, v, x.id)]
    if len(values) != 1 or not isinstance(values[0], ast.Call):
        return None
    v = values[0]
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and \
            ctx.method(v) in ("contiguous", "to", "cuda", "float", "half", "bfloat16"):
        v = v.func.value
    q = ctx.call_name(v) if isinstance(v, ast.Call) else None
    if not (q and q.startswith("torch.") and q.rsplit(".", 1)[-1] in ("randn", "rand", "zeros", "ones", "empty")):
        return None
    dims = list(v.args)  # type: ignore[union-attr]
    if len(dims) == 1 and isinstance(dims[0], (ast.Tuple, ast.List)):
        dims = list(dims[0].elts)
    return None if not dims or any(isinstance(d, ast.Starred) for d in dims) else dims


def _itemsize(ctx: Context, x: ast.AST) -> int:
    """Bytes per element of a tensor the file builds (``dtype=torch.bfloat16``, ``.half()``, ``.to(torch.float16)``
    on every binding); 4 (fp32, the slowest of the usual matmul dtypes) when not shown."""
    values = ctx.assigns.get(x.id, []) if isinstance(x, ast.Name) else [x]
    sizes = [_value_itemsize(ctx, v) for v in values[:_MAX_BINDINGS]]
    return sizes[0] if sizes and all(v == sizes[0] for v in sizes) and sizes[0] in _PEAK_FLOPS_PER_US else 4


def _value_itemsize(ctx: Context, v: ast.AST | None) -> int | None:
    for _ in range(4):
        if not isinstance(v, ast.Call):
            return None
        m = ctx.method(v)
        if m in ("half", "bfloat16", "float", "double") and isinstance(v.func, ast.Attribute):
            return _ITEMSIZES[m]
        kw = [k.value for k in v.keywords if k.arg == "dtype"]
        if m == "to" and not kw:
            kw = [a for a in v.args if isinstance(a, ast.Attribute) and _ITEMSIZES.get(a.attr)]
        if kw:
            d = kw[0]
            return _ITEMSIZES.get(d.attr) if isinstance(d, ast.Attribute) else None
        if m in ("contiguous", "to", "cuda", "t") and isinstance(v.func, ast.Attribute):
            v = v.func.value
            if isinstance(v, ast.Name):
                return None  # `w = w.cuda()`: read through its other bindings
            continue
        return None
    return None


def _dims(ctx: Context, x: ast.AST, depth: int) -> list[int] | None:
    """The shape of a tensor the file builds with a factory (the largest of its assignments), when all are known."""
    if depth > 4:
        return None
    if isinstance(x, ast.Name):
        scope = getattr(getattr(x, "_wp_stmt", None), "_wp_scope", None)
        return _memo(ctx, "_wp_dims", (x.id, id(scope)), lambda: _dims_of_name(ctx, x, scope))
    if isinstance(x, ast.BinOp) and isinstance(x.op, (ast.Mult, ast.Div, ast.Add, ast.Sub)):
        sides = [e for e in (x.left, x.right) if not isinstance(e, ast.Constant)]  # `torch.randn(m, k) * 0.02`
        return _dims(ctx, sides[0], depth + 1) if len(sides) == 1 else None
    return _dims_of_call(ctx, x, depth)


def _dims_of_name(ctx: Context, x: ast.Name, scope) -> list[int] | None:
    """The largest shape among the bindings of ``x`` in its own scope (else the module's; else anywhere in the
    file), a binding that only casts or moves the same tensor left out."""
    scoped = _scoped_values(ctx, x.id, scope) if scope is not None else []
    values = [v for v in (scoped or ctx.assigns.get(x.id, [])) if not _same_tensor(ctx, v, x.id)]
    if len(values) > _MAX_BINDINGS:
        return None  # a name bound all over the file: not one tensor
    shapes = [_dims(ctx, v, 1) for v in values]
    if not shapes or any(sh is None for sh in shapes):
        return None
    return max(shapes, key=_prod)  # type: ignore[arg-type,return-value]


def _same_tensor(ctx: Context, v: ast.AST, name: str) -> bool:
    """``w = w.bfloat16()`` / ``w = torch.from_numpy(w).cuda()``: a binding that keeps the tensor's shape (a cast, a
    move, a copy of the array); it adds nothing to the shape its other bindings give."""
    while isinstance(v, ast.Call):
        if isinstance(v.func, ast.Attribute) and ctx.method(v) in ("contiguous", "to", "cuda", "float", "half",
                                                                   "bfloat16", "astype", "double"):
            v = v.func.value
        elif ctx.call_name(v) in _HOST_COPIES and v.args:
            v = v.args[0]
        else:
            return False
    return isinstance(v, ast.Name) and v.id == name


def _size_keyword(x: ast.Call) -> list[ast.AST]:
    """The shape a factory is given by keyword, as a one-item list (``torch.rand(size=(64, 128))``,
    ``np.random.uniform(size=(n, 1))``); empty without one."""
    return [k.value for k in x.keywords if k.arg == "size"]


def _torch_dims(x: ast.Call, q: str, dims: list[ast.AST]) -> list[ast.AST]:
    """A torch factory given no positional argument takes its shape from ``size=`` (``torch.rand(size=(64, 128))``);
    else ``dims``, the positional ones."""
    return _size_keyword(x) if not x.args and q.startswith("torch.") else dims

def _dims_of_call(ctx: Context, x: ast.AST, depth: int) -> list[int] | None:
    if not isinstance(x, ast.Call):
        return None
    q = ctx.call_name(x) or ""
    m = ctx.method(x)
    if m in ("view", "reshape") and isinstance(x.func, ast.Attribute) and (shape := _reshaped(ctx, x)) is not None:
        return shape
    if m in ("contiguous", "to", "cuda", "float", "half", "bfloat16", "astype", "double") and \
            isinstance(x.func, ast.Attribute):
        return _dims(ctx, x.func.value, depth + 1)
    if q in _HOST_COPIES and x.args:
        return _dims(ctx, x.args[0], depth + 1)
    if q in _SIZE_KW_FACTORIES:
        size = _size_keyword(x)
        return _int_dims(ctx, size[0]) if size else None
    if not (q.startswith("torch.") and q.rsplit(".", 1)[-1] in ("randn", "rand", "zeros", "ones", "empty")) and \
            q not in _ARRAY_FACTORIES:
        return None
    dims = [a for a in x.args if not isinstance(a, ast.Starred)]
    if len(dims) != len(x.args):
        return None
    dims = _torch_dims(x, q, dims)  # `torch.rand(size=(64, 128))` (`dims` is every positional argument here)
    if q in _ARRAY_FACTORIES and not q.endswith(("rand", "randn")):
        dims = dims[:1]  # `np.ones((m, k), dtype)`, `cp.random.random((m, k))`: the shape only
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
    if not stmts and scope is not ctx.scopes[0] and name not in scope.params:  # a parameter shadows the global
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
    defaults = param_defaults(args)
    return [defaults[name]] if name in defaults else []


def _loop_index(ctx: Context) -> dict[str, list[ast.stmt]]:
    """The ``for`` loops of the file by the names their targets bind (indexed once)."""
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
    return index


def _loop_values(ctx: Context, name: str, scope=None, only: ast.stmt | None = None) -> list[ast.AST] | None:
    """``for m, n, k in SIZES`` / ``for n in (256, 512)``: the values ``name`` takes, when every loop binding it
    runs over a literal list (directly or through a name bound only to literal lists)."""
    loops = [st for st in _loop_index(ctx).get(name, ())
             if (scope is None or st._wp_scope is scope) and only in (None, st)]  # type: ignore[attr-defined]
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
            ends = [ast.Constant(value=stop - 1)]  # `for p in range(1, 25, 2)`: at most 24
            if len(bounds) > 1 and 0 < bounds[0] < stop - 1 and (len(bounds) < 3 or bounds[2] > 0):  # type: ignore
                ends.insert(0, ast.Constant(value=bounds[0]))  # and at least 1, when a sweep is read size by size
            out.extend(_pinned_rows(ctx, st, ends) if len(ends) > 1 else ends)
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
        for e in _pinned_rows(ctx, st, [e for lst in lists for e in lst.elts]):  # type: ignore[attr-defined]
            if pos is None:
                out.append(e)
            elif isinstance(e, (ast.Tuple, ast.List)) and len(e.elts) > pos:
                out.append(e.elts[pos])
            else:
                return None
    return out


def _pinned_rows(ctx: Context, loop: ast.stmt, rows: list[ast.AST]) -> list[ast.AST]:
    """The rows a loop over sizes runs over; one of them when a sweep is read size by size (`_size_sweeps`)."""
    key = ("loop", id(loop))
    note_choice(ctx, key, loop, rows)
    i = pinned(ctx, key)
    return [rows[i]] if i is not None and i < len(rows) else rows


def _int_value(ctx: Context, d: ast.AST) -> int | None:
    if isinstance(d, ast.Constant) and isinstance(d.value, int) and not isinstance(d.value, bool):
        return d.value
    if isinstance(d, ast.BinOp) and isinstance(d.op, (ast.Mult, ast.Pow, ast.LShift)):
        a, b = _int_value(ctx, d.left), _int_value(ctx, d.right)
        if a is None or b is None:
            return None
        return a * b if isinstance(d.op, ast.Mult) else (a ** b if isinstance(d.op, ast.Pow) and b < 64 else a << b)
    if isinstance(d, ast.BinOp) and isinstance(d.op, (ast.Div, ast.FloorDiv)):
        a, b = _int_value(ctx, d.left), _int_value(ctx, d.right)
        if a is None or not b or (isinstance(d.op, ast.Div) and a % b):
            return None  # (a true division that leaves a fraction is no size)
        return a // b  # `n_bytes // 4`, `mb * 1024 * 1024 / 4`
    if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "int" and len(d.args) == 1 and \
            not d.keywords:
        return _int_value(ctx, d.args[0])  # `int(mb * 2**20 / 4)`
    if isinstance(d, ast.Name):
        scope = getattr(getattr(d, "_wp_stmt", None), "_wp_scope", None)
        loop = _binding_loop(ctx, d)
        if loop is not None:  # `for size in [32, 64]: bench(size)`: the loop's sizes, not every binding of `size`
            return _memo(ctx, "_wp_ints", (d.id, id(loop)), lambda: _int_of_loop(ctx, d.id, loop))
        return _memo(ctx, "_wp_ints", (d.id, id(scope)), lambda: _int_of_name(ctx, d.id, scope))
    if isinstance(d, ast.Subscript):  # `cfg["rows"]` over a literal list of dicts
        ints = [_int_value(ctx, v) for v in keyed_values(ctx, d, _loop_values) or [None]]  # type: ignore[list-item]
        return max(ints) if None not in ints else None  # type: ignore[type-var]
    default = cli_default(ctx, d) if isinstance(d, ast.Attribute) else None  # `args.n`: its argparse default
    return _int_value(ctx, default) if default is not None else None


def _binding_loop(ctx: Context, d: ast.Name) -> ast.stmt | None:
    """The innermost ``for`` loop around the use ``d`` whose target binds ``d``'s name, when nothing else in its
    scope binds that name: at the use, the name holds one of the loop's items."""
    stmt = getattr(d, "_wp_stmt", None)
    scope = getattr(stmt, "_wp_scope", None)
    if stmt is None or scope is None:
        return None
    for loop in reversed(getattr(stmt, "_wp_loops", None) or ()):
        if loop is not stmt and isinstance(loop, (ast.For, ast.AsyncFor)) and \
                any(isinstance(t, ast.Name) and t.id == d.id for t in ast.walk(loop.target)):  # (not a `while`)
            if any(not isinstance(st, (ast.For, ast.AsyncFor)) and loop._wp_idx < st._wp_idx <= loop._wp_end
                   for st in ctx.scope_assigns(d.id, scope)):  # type: ignore[attr-defined]
                return None  # rebound inside the loop
            return loop
    return None


def _int_of_loop(ctx: Context, name: str, loop: ast.stmt) -> int | None:
    values = _loop_values(ctx, name, loop._wp_scope, only=loop)  # type: ignore[attr-defined]
    ints = [_int_value(ctx, v) for v in values or []]
    return max(ints) if ints and None not in ints else None  # type: ignore[type-var]


def _int_of_name(ctx: Context, name: str, scope) -> int | None:
    values: list = _scoped_values(ctx, name, scope) if scope is not None else ctx.assigns.get(name, [])
    if not values:
        values = _loop_values(ctx, name, scope) or []
    elif scope is not None and any(st._wp_scope is scope for st in  # type: ignore[attr-defined]
                                   _loop_index(ctx).get(name, ())):
        looped = _loop_values(ctx, name, scope)  # `size = 1024` and `for size in [32, 64]` in one scope: both
        values = values + looped if looped is not None else [None]
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
            sizes = [_elements(ctx, v, 1) if isinstance(v, (ast.Call, ast.BinOp)) else None for v in values]
            return max(sizes) if None not in sizes else None  # type: ignore[type-var]
    return _elements(ctx, x, 0)
