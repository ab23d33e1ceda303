"""How long one sample of a timed loop is, from what the code shows (WP101).

A per-iteration synchronize costs a host round trip (a few µs) and, with an idle GPU, the launch latency of the next
kernel. Around a sample of milliseconds (a model forward, a training step, a generation) that is noise and a
per-sample synchronize is the right way to get per-sample latency; around a µs-scale op it *is* the sample. So the
rule reports with confidence only where the code shows a **short** sample:

- the sample does GPU work in exactly one statement, with no inner loop, and every other call in it is a clock
  read, a synchronize, an event record, a list append or a host builtin (no host I/O, no unknown call);
- that statement's GPU work is made of short ops: elementwise arithmetic on tensors, a torch function or tensor
  method from a list of elementwise / reduction / normalization ops, a Triton (or Numba) kernel of this file whose
  body has no loop, or a function of this file made of at most a few such ops and allocations with no loop;
- the loop repeats the same work: its variable does not appear in the work;
- the data is on the GPU (a tensor placed on CUDA, or a kernel launch).

A matmul, a convolution, an attention, a model or module call, a callable handed in, a kernel with a loop in it, a
generation: their length depends on sizes and the rule does not guess it (weak at most).
"""

from __future__ import annotations

import ast

from .._context import Context, dotted, in_lambda, stmt_nodes

# torch functions and tensor methods whose cost is one pass (or a few) over the data: µs-scale at practice sizes
SHORT_OPS = frozenset({
    "add", "sub", "mul", "div", "true_divide", "neg", "abs", "exp", "exp2", "expm1", "log", "log2", "log1p", "sqrt",
    "rsqrt", "pow", "square", "sin", "cos", "tanh", "sigmoid", "relu", "relu_", "gelu", "silu", "mish", "softplus",
    "elu", "leaky_relu", "hardswish", "hardsigmoid", "softmax", "log_softmax", "layer_norm", "rms_norm",
    "group_norm", "dropout", "sum", "mean", "amax", "amin", "max", "min", "argmax", "argmin", "cumsum", "prod",
    "var", "std", "norm", "clamp", "clip", "where", "masked_fill", "maximum", "minimum", "fill_", "zero_", "copy_",
    "clone", "add_", "mul_", "div_", "sub_", "addcmul", "lerp", "fma", "cat", "stack", "transpose", "permute",
    "flip", "roll", "reciprocal", "sign", "floor", "ceil", "round", "erf", "addcdiv", "logsumexp", "normalize",
    "square_", "exp_", "sigmoid_", "tanh_",
})
ALLOCS = frozenset({"empty", "empty_like", "zeros", "zeros_like", "ones", "ones_like", "empty_strided", "full",
                    "full_like"})
_SHAPE_METHODS = frozenset({"numel", "size", "dim", "element_size", "stride", "is_contiguous", "nelement",
                            "data_ptr", "contiguous", "view", "reshape", "flatten", "t", "unsqueeze", "squeeze",
                            "expand", "view_as", "reshape_as"})
_HOST_OK = frozenset({"len", "int", "float", "min", "max", "abs", "round", "range", "tuple", "list", "isinstance",
                      "divmod", "sum"})
_SAMPLE_METHODS = frozenset({"append", "record", "elapsed_time", "synchronize", "wait", "extend", "insert"})
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_MAX_FN_OPS = 3


def short_sample(ctx: Context, loop: ast.stmt, stmts: list[ast.stmt]) -> ast.stmt | None:
    """The one statement of GPU work of a sample shown to be short (µs-scale), else None."""
    work_stmts = []
    for s in stmts:
        if isinstance(s, _LOOPS) or isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return None
        work = sample_work(ctx, s)
        if work:
            work_stmts.append((s, work))
            continue
        if not all(_harmless(ctx, c) for c in _calls_of(s)):
            return None
    if len(work_stmts) != 1:
        return None
    s, work = work_stmts[0]
    target = _names(getattr(loop, "target", None))
    for n in stmt_nodes(s):
        if isinstance(n, ast.Name) and n.id in target and not in_lambda(n):
            return None  # each iteration works on another item: not the same sample repeated
    tops = _top_nodes(work)
    on_gpu = False
    for n in tops:
        kind = _op_kind(ctx, n, 2)
        if kind is None or _large(ctx, n):
            return None
        handed_in = isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and \
            n.func.id in s._wp_scope.params  # type: ignore[attr-defined]  # the callers' data was checked
        on_gpu = on_gpu or kind == "kernel" or handed_in or _placed_on_gpu(ctx, n)
    for c in _calls_of(s):
        if not any(c is n or _inside(c, n) for n in tops) and not _harmless(ctx, c):
            return None
    return s if on_gpu else None


def sample_work(ctx: Context, s: ast.stmt) -> list[ast.AST]:
    """The GPU work of a statement: what the context sees, and arithmetic on a tensor parameter that every caller
    in the file hands a tensor placed on CUDA (``def baseline(x): ... _ = x * x`` called as ``baseline(x_cuda)``)."""
    work = ctx.gpu_work_in(stmt_nodes(s))
    if work:
        return work
    scope = s._wp_scope  # type: ignore[attr-defined]
    return [n for n in stmt_nodes(s) if isinstance(n, ast.BinOp) and not isinstance(n.op, ast.MatMult) and
            not isinstance(getattr(n, "_wp_parent", None), ast.BinOp) and not in_lambda(n) and
            any(isinstance(x, ast.Name) and x.id in scope.params and _param_on_gpu(ctx, scope, x.id)
                for x in (n.left, n.right))]


def _param_on_gpu(ctx: Context, scope, name: str) -> bool:
    fn = scope.node
    arg = _site_args(ctx, fn, name)
    return bool(arg) and all(a is not None and ctx.placement(a) == "cuda" for a in arg)


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
    pos = [a.arg for a in (*args.posonlyargs, *args.args)]
    idx = pos.index(name) if name in pos else None
    defaults = dict(zip(pos[len(pos) - len(args.defaults):], args.defaults))
    from ._evidence import call_sites

    out: list[ast.AST | None] = []
    for c in call_sites(ctx, fname):  # (indexed by name: linear in the file, not calls x functions)
        if not (isinstance(c.func, ast.Name) and c.func.id == fname):
            continue
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


def _handed_in(ctx: Context, call: ast.Call, depth: int) -> str | None:
    """``fn()`` / ``fn(*args)`` of a timing helper's callable parameter: short when every caller in the file hands
    it a short op (a lambda or a function of the file made of short ops, a torch op of the list) on CUDA data."""
    scope = call._wp_stmt._wp_scope  # type: ignore[attr-defined]
    name = call.func.id  # type: ignore[attr-defined]
    sites = _site_args(ctx, scope.node, name)
    if not sites or depth <= 0:
        return None
    kinds = []
    for arg in sites:
        kind = _callable_kind(ctx, arg, depth - 1)
        if kind is None:
            return None
        kinds.append(kind)
    return "kernel" if "kernel" in kinds else "op"


def _callable_kind(ctx: Context, arg: ast.AST | None, depth: int) -> str | None:
    if isinstance(arg, ast.Name) and arg.id not in ctx.functions:
        values = ctx.assigns.get(arg.id, [])
        if len(values) == 1 and isinstance(values[0], ast.Lambda):
            arg = values[0]
    if isinstance(arg, ast.Lambda):
        body = arg.body
        if not isinstance(body, (ast.Call, ast.BinOp)) or _large(ctx, body):
            return None
        kind = _op_kind(ctx, body, depth)
        if kind == "op" and not _names_on_gpu(ctx, body):
            return None
        return kind
    if isinstance(arg, ast.Name) and arg.id in ctx.functions:
        fn = ctx.functions[arg.id]
        kind = _short_function(ctx, fn, depth)
        if kind == "op" and not _names_on_gpu(ctx, fn):
            return None
        return kind
    q = ctx.qualname(arg) if isinstance(arg, (ast.Name, ast.Attribute)) else None
    if q and q.startswith("torch.") and q.rsplit(".", 1)[-1] in SHORT_OPS and \
            (q.startswith(("torch.nn.functional.", "torch.special.")) or q.count(".") == 1):
        return "op"
    return None


def _names_on_gpu(ctx: Context, node: ast.AST) -> bool:
    return any(isinstance(n, ast.Name) and ctx.placement(n) == "cuda" for n in ast.walk(node))


def _calls_of(s: ast.stmt) -> list[ast.Call]:
    return [n for n in stmt_nodes(s) if isinstance(n, ast.Call) and not in_lambda(n)]


def _inside(node: ast.AST, outer: ast.AST) -> bool:
    p = getattr(node, "_wp_parent", None)
    while p is not None and not isinstance(p, ast.stmt):
        if p is outer:
            return True
        p = getattr(p, "_wp_parent", None)
    return False


def _top_nodes(work: list[ast.AST]) -> list[ast.AST]:
    ids = {id(n) for n in work}
    out = []
    for n in work:
        p = getattr(n, "_wp_parent", None)
        nested = False
        while p is not None and not isinstance(p, ast.stmt):
            if id(p) in ids:
                nested = True
                break
            p = getattr(p, "_wp_parent", None)
        if not nested:
            out.append(n)
    return out


def _names(target: ast.AST | None) -> set[str]:
    if target is None:
        return set()
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name) and n.id != "_"}


def _harmless(ctx: Context, c: ast.Call) -> bool:
    """A call in a sample that is no GPU work and no host work of its own: a clock, a synchronize, an event record,
    an append, a builtin on numbers, a device query."""
    if ctx.is_clock(c) or ctx.is_sync(c, hidden=False):
        return True
    q = ctx.call_name(c) or ""
    m = ctx.method(c)
    if isinstance(c.func, ast.Name) and c.func.id in _HOST_OK:
        return True
    if m in _SAMPLE_METHODS:
        return True
    return q.startswith("torch.cuda.") and not ctx.is_gpu_work(c)  # is_available(), current_stream()


def _operands(n: ast.AST) -> list[ast.AST]:
    if isinstance(n, ast.BinOp):
        return _operands(n.left) + _operands(n.right)
    if isinstance(n, ast.UnaryOp):
        return _operands(n.operand)
    if isinstance(n, ast.Call):
        own = [n.func.value] if isinstance(n.func, ast.Attribute) else []
        return own + [a for a in n.args if not isinstance(a, ast.Starred)] + [k.value for k in n.keywords]
    return [n]


def _placed_on_gpu(ctx: Context, n: ast.AST) -> bool:
    """An operand is placed on CUDA, or none is known on the CPU in a file whose loop synchronizes CUDA (a tensor
    handed in as a parameter)."""
    places = [ctx.placement(x) for x in _operands(n) if isinstance(x, (ast.Name, ast.Attribute, ast.Subscript))]
    return "cuda" in places or (bool(places) and "cpu" not in places and ctx.uses_gpu)


_MAX_ELEMENTS = 1 << 24  # 4096 x 4096: one pass over 64 MB of fp32 is tens of µs; above, the round trip is a small share


def _large(ctx: Context, n: ast.AST) -> bool:
    """An operand whose shape the file gives (``torch.randn(1024, 32768, device=...)``) holds more than
    ``_MAX_ELEMENTS`` elements: the op is no longer µs-scale."""
    for x in _operands(n):
        size = _elements(ctx, x, 0)
        if size is not None and size > _MAX_ELEMENTS:
            return True
    return False


def _elements(ctx: Context, x: ast.AST, depth: int) -> int | None:
    if depth > 4:
        return None
    if isinstance(x, ast.Name):
        memo = ctx.__dict__.setdefault("_wp_name_elements", {})  # a name's file-wide bindings, read once per depth
        if (x.id, depth) not in memo:
            values = ctx.assigns.get(x.id, [])
            sizes = [_elements(ctx, v, depth + 1) for v in values if isinstance(v, ast.Call)]
            sizes = [v for v in sizes if v is not None]
            memo[(x.id, depth)] = max(sizes) if sizes else None
        return memo[(x.id, depth)]
    if not isinstance(x, ast.Call):
        return None
    q = ctx.call_name(x) or ""
    m = ctx.method(x)
    if m in ("flatten", "contiguous", "to", "cuda", "view", "reshape", "float", "half", "bfloat16") and \
            isinstance(x.func, ast.Attribute):
        return _elements(ctx, x.func.value, depth + 1)
    if not (q.startswith("torch.") and q.rsplit(".", 1)[-1] in ("randn", "rand", "zeros", "ones", "empty", "full",
                                                                 "randint")):
        return None
    dims = [a for a in x.args if not isinstance(a, ast.Starred)]
    if q.endswith(("randint", "full")):
        dims = dims[2:] if q.endswith("randint") else dims[:1]
    if len(dims) == 1 and isinstance(dims[0], (ast.Tuple, ast.List)):
        dims = list(dims[0].elts)
    total = 1
    for d in dims:
        v = _int_value(ctx, d)
        if v is None:
            return None
        total *= v
    return total if dims else None


def _int_value(ctx: Context, d: ast.AST) -> int | None:
    if isinstance(d, ast.Constant) and isinstance(d.value, int) and not isinstance(d.value, bool):
        return d.value
    if isinstance(d, ast.BinOp) and isinstance(d.op, (ast.Mult, ast.Pow, ast.LShift)):
        a, b = _int_value(ctx, d.left), _int_value(ctx, d.right)
        if a is None or b is None:
            return None
        return a * b if isinstance(d.op, ast.Mult) else (a ** b if isinstance(d.op, ast.Pow) and b < 64 else a << b)
    if isinstance(d, ast.Name):
        memo = ctx.__dict__.setdefault("_wp_name_ints", {})
        if d.id not in memo:
            values = ctx.assigns.get(d.id, [])
            ints = [_int_value(ctx, v) for v in values if not isinstance(v, ast.Name)]
            memo[d.id] = max(ints) if ints and None not in ints else None  # type: ignore[type-var]
        return memo[d.id]
    return None


def _op_kind(ctx: Context, n: ast.AST, depth: int) -> str | None:
    """``"op"`` (a short torch op), ``"kernel"`` (a loop-free kernel of this file, or a short function of this file
    that launches one), None when the length is not shown."""
    if isinstance(n, ast.BinOp):
        if isinstance(n.op, ast.MatMult):
            return None
        sides = [x for x in (n.left, n.right) if not isinstance(x, ast.Constant)]
        kinds = [_op_kind(ctx, x, depth) if isinstance(x, (ast.BinOp, ast.Call)) else "op" for x in sides]
        return None if None in kinds else ("kernel" if "kernel" in kinds else "op")
    if isinstance(n, ast.UnaryOp):
        return _op_kind(ctx, n.operand, depth) if isinstance(n.operand, (ast.BinOp, ast.Call)) else "op"
    if not isinstance(n, ast.Call):
        return None
    if isinstance(n.func, ast.Subscript):  # kernel[grid](...)
        fn = ctx.functions.get(dotted(n.func.value) or "")
        return "kernel" if fn is not None and _jit_kernel(fn) and not _has_loop(fn) else None
    q = ctx.call_name(n) or ""
    m = ctx.method(n)
    last = q.rsplit(".", 1)[-1]
    if q.startswith(("torch.", "triton.")) and not q.startswith("torch.cuda."):
        if q.startswith(("torch.nn.functional.", "torch.special.")) or q.count(".") == 1:
            return "op" if last in SHORT_OPS else None
        return None  # torch.nn.Linear(...), torch.linalg.*, torch.fft.*: not listed
    if m is not None and isinstance(n.func, ast.Attribute) and ctx.is_tensorish(n.func.value):
        return "op" if m in SHORT_OPS else None
    if isinstance(n.func, ast.Name) and n.func.id in ctx.functions and depth > 0:
        return _short_function(ctx, ctx.functions[n.func.id], depth - 1)
    if isinstance(n.func, ast.Name) and n.func.id in n._wp_stmt._wp_scope.params:  # type: ignore[attr-defined]
        return _handed_in(ctx, n, depth)
    return None


def _jit_kernel(fn: ast.AST) -> bool:
    return any("jit" in (dotted(d.func if isinstance(d, ast.Call) else d) or "")
               for d in getattr(fn, "decorator_list", ()))


def _has_loop(fn: ast.AST) -> bool:
    return any(isinstance(n, _LOOPS) or isinstance(n, ast.comprehension) for n in ast.walk(fn))


def _short_function(ctx: Context, fn: ast.AST, depth: int) -> str | None:
    """A function of this file with no loop, made of at most a few short ops or loop-free kernel launches plus
    allocations and shape arithmetic (``def add(x, y): out = torch.empty_like(x); kern[grid](x, y, out); return
    out``)."""
    if _jit_kernel(fn) or _has_loop(fn) or getattr(fn, "decorator_list", None):
        return None
    scope = fn._wp_own_scope  # type: ignore[attr-defined]
    if scope.children and any(not isinstance(c.node, ast.Lambda) for c in scope.children):
        return None  # nested functions or classes
    ops, kernel = 0, False
    for s in scope.stmts:
        for c in _calls_of(s):
            q = ctx.call_name(c) or ""
            m = ctx.method(c)
            if q.startswith("torch.") and q.rsplit(".", 1)[-1] in ALLOCS:
                continue
            if (q.startswith("triton.") and q.rsplit(".", 1)[-1] in ("cdiv", "next_power_of_2")) or \
                    (m in _SHAPE_METHODS) or (isinstance(c.func, ast.Name) and c.func.id in _HOST_OK):
                continue
            if _inside_other_call(c, fn):
                continue
            kind = _op_kind(ctx, c, depth)
            if kind is None:
                return None
            ops += 1
            kernel = kernel or kind == "kernel"
        for n in stmt_nodes(s):
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult):
                return None
            if isinstance(n, ast.BinOp) and not in_lambda(n) and not _nested_in_work(ctx, n) and \
                    (ctx.gpu_work_in([n]) or any(isinstance(x, ast.Name) and x.id in scope.params
                                                 for x in ast.walk(n))):
                ops += 1
    if ops == 0 or ops > _MAX_FN_OPS:
        return None
    return "kernel" if kernel else "op"


def _inside_other_call(c: ast.Call, fn: ast.AST) -> bool:
    """``c`` is an argument of another call (counted with it)."""
    p = getattr(c, "_wp_parent", None)
    while p is not None and not isinstance(p, ast.stmt):
        if isinstance(p, ast.Call):
            return True
        p = getattr(p, "_wp_parent", None)
    return False


def _nested_in_work(ctx: Context, n: ast.AST) -> bool:
    p = getattr(n, "_wp_parent", None)
    while p is not None and not isinstance(p, ast.stmt):
        if isinstance(p, (ast.BinOp, ast.Call)):
            return True
        p = getattr(p, "_wp_parent", None)
    return False
