"""How long one sample of a timed loop is, from what the code shows (WP101).

A per-iteration synchronize costs a host round trip (a few µs) and, with an idle GPU, the launch latency of the next
kernel. Around a sample of milliseconds (a model forward, a training step, a generation) that is noise and a
per-sample synchronize is the right way to get per-sample latency; around a µs-scale op it *is* the sample. So the
rule reports with confidence only where the code shows a **short** sample:

- the sample does GPU work in exactly one statement, with no inner loop, and every other call in it is a clock
  read, a synchronize, an event record, a list append or a host builtin (no host I/O, no unknown call);
- that statement's GPU work is made of short ops: elementwise arithmetic on tensors, a torch function or tensor
  method from a list of elementwise / reduction / normalization ops, a Triton (or Numba) kernel of this file whose
  body has no loop, or a function of this file made of at most three such ops (each arithmetic node on a tensor
  counts: it is a launch of its own) and allocations, with no loop;
- the loop repeats the same work: its variable does not appear in the work;
- the data is on the GPU (a tensor placed on CUDA, or a kernel launch).

A matmul, a convolution, an attention, a model or module call, a callable handed in, a kernel with a loop in it, a
generation: their length depends on sizes and the rule does not guess it (weak at most).
"""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._extensions import extension_short_entry
from .._walk import expr_ancestor, in_lambda, stmt_nodes
from ._short_modules import small_linear
from ._kernel_shape import has_loop as _has_loop, jit_kernel as _jit_kernel
from ._lib_kernels import library_kernel
from ._looked_up_ops import looked_up_torch_ops
from ._sample_nodes import inside as _inside, names as _names, top_nodes as _top_nodes
from ._sample_branches import branch_samples
from ._gpu_cost import SIZED_CALLS, call_us
from ._tensor_sizes import (_SHORT_US, _MAX_ELEMENTS, MATMULS, _MAX_BINDINGS, _dims, _large, _memo, _operands, _site_args,
                            _small_einsum, _small_matmul, _tensor_elements)

# torch functions and tensor methods whose cost is one pass (or a few) over the data: µs-scale at practice sizes
SHORT_OPS = frozenset({
    "add", "sub", "mul", "div", "true_divide", "neg", "abs", "exp", "exp2", "expm1", "log", "log2", "log1p", "sqrt",
    "rsqrt", "pow", "square", "sin", "cos", "tanh", "sigmoid", "relu", "relu_", "gelu", "silu", "mish", "softplus",
    "elu", "leaky_relu", "hardswish", "hardsigmoid", "softmax", "log_softmax", "layer_norm", "rms_norm",
    "group_norm", "dropout", "sum", "mean", "amax", "amin", "max", "min", "argmax", "argmin", "cumsum", "prod",
    "var", "std", "norm", "clamp", "clip", "where", "masked_fill", "maximum", "minimum", "fill_", "zero_", "copy_",
    "clone", "add_", "mul_", "div_", "sub_", "addcmul", "lerp", "fma", "cat", "stack", "transpose", "permute",
    "flip", "roll", "reciprocal", "sign", "floor", "ceil", "round", "erf", "addcdiv", "logsumexp", "normalize",
    "square_", "exp_", "sigmoid_", "tanh_", "histc", "bucketize",
})
# sorts and selections: a few passes (a radix sort's), µs-scale only on tensors the file shows small (at most 2^20
# elements: 16384 keys sort in ~10 µs; 2^24 keys take about a millisecond)
SORT_OPS = frozenset({"sort", "argsort", "topk", "msort"})
_MAX_SORT_ELEMENTS = 1 << 20
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
    if (choice := branch_samples(ctx, loop, stmts, short_sample)) is not None:  # `if op == "add": ... else: ...`
        return choice or None
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
        if kind is None or _large(ctx, n) or (isinstance(n, ast.Call) and ctx._numba_host_launch(n)):
            return None  # a Numba launch on host arrays copies them in and back: not a µs-scale sample
        handed_in = isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and \
            n.func.id in s._wp_scope.params  # type: ignore[attr-defined]  # the callers' data was checked
        closure = isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ctx.functions and \
            not n.args and not n.keywords and _names_on_gpu(ctx, ctx.functions[n.func.id])
        awaited = any(awaited_result(ctx, c) is n for c in _calls_of(s))  # a JAX array's wait: device work
        on_gpu = on_gpu or kind == "kernel" or handed_in or closure or awaited or _placed_on_gpu(ctx, n)
    for c in _calls_of(s):
        if not any(c is n or _inside(c, n) for n in tops) and not _harmless(ctx, c):
            return None
    return s if on_gpu else None


def sized(ctx: Context, stmt: ast.stmt) -> bool:
    """The file gives the size of every tensor the short op of ``stmt`` works on (a factory call with known
    dimensions, through parameters at their calls): the sample is shown small, not only short by its kind."""
    work = sample_work(ctx, stmt)
    return bool(work) and all(_sized_node(ctx, n) for n in _top_nodes(work))


def _sized_node(ctx: Context, n: ast.AST) -> bool:
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and \
            n.func.id in n._wp_stmt._wp_scope.params:  # type: ignore[attr-defined]
        return _sized_handed_in(ctx, n)
    names = [x for x in _operands(n) if isinstance(x, ast.Name)]
    gathers = [x for x in _operands(n) if isinstance(x, ast.Subscript) and isinstance(x.value, ast.Name) and
               isinstance(x.slice, ast.Name) and (ctx.is_tensorish(x.slice) or ctx.placement(x.slice) == "cuda")]
    if gathers and not all((size := gathered_elements(ctx, x)) is not None and size <= _MAX_ELEMENTS
                           for x in gathers):
        return False  # `a[idx]`: the rows an index tensor picks, shown no larger than a short op's
    names.extend(x.value for x in gathers)  # type: ignore[misc]
    if isinstance(n, ast.Call):
        names.extend(_starred_names(ctx, n))  # `f(*args)` with `args = [a, b]`
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name):
        names.append(n.func.value)
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ctx.functions and not names:
        names = [x for x in ast.walk(ctx.functions[n.func.id]) if _read_name(x) and  # `step()`: its
                 (ctx.placement(x) == "cuda" or ctx.is_tensorish(x))]  # closure's tensors
    return _all_sized(ctx, names)


def gathered_elements(ctx: Context, x: ast.Subscript) -> int | None:
    """Elements of ``a[idx]``, a tensor indexed by an index tensor, both of sizes the file gives: one row of ``a``
    (its trailing dimensions) per index, ``numel(idx) * prod(a.shape[1:])``; else None."""
    if not (isinstance(x.value, ast.Name) and isinstance(x.slice, ast.Name)):
        return None
    dims = _dims(ctx, x.value, 0)
    picks = _tensor_elements(ctx, x.slice)
    if not dims or picks is None:
        return None
    row = 1
    for d in dims[1:]:
        row *= d
    return picks * row


def _starred_names(ctx: Context, call: ast.Call) -> list[ast.Name]:
    """The names a call's ``*args`` spreads, when ``args`` is bound once, to a literal list or tuple of names."""
    out: list[ast.Name] = []
    for a in call.args:
        if isinstance(a, ast.Starred) and isinstance(a.value, ast.Name):
            values = ctx.assigns.get(a.value.id, [])
            if len(values) == 1 and isinstance(values[0], (ast.List, ast.Tuple)):
                out.extend(e for e in values[0].elts if isinstance(e, ast.Name))
    return out


def _all_sized(ctx: Context, names: list[ast.Name]) -> bool:
    tensors = 0
    for x in names:
        size = _tensor_elements(ctx, x)
        if size is None and (ctx.is_tensorish(x) or ctx.placement(x) == "cuda"):
            return False
        tensors += size is not None
    return tensors > 0


def _sized_handed_in(ctx: Context, call: ast.Call) -> bool:
    """A caller hands the helper a short op on tensors of sizes the file gives."""
    scope = call._wp_stmt._wp_scope  # type: ignore[attr-defined]
    operands = _handed_operands(ctx, scope, call)
    for i, arg in enumerate(_site_args(ctx, scope.node, call.func.id)):  # type: ignore[attr-defined]
        arg = returned_lambda(ctx, arg)
        if isinstance(arg, ast.Name) and arg.id not in ctx.functions:
            values = ctx.assigns.get(arg.id, [])
            arg = values[0] if len(values) == 1 and isinstance(values[0], ast.Lambda) else arg
        if isinstance(arg, ast.Lambda) or (isinstance(arg, ast.Name) and arg.id in ctx.functions):
            body = arg.body if isinstance(arg, ast.Lambda) else ctx.functions[arg.id]  # type: ignore[union-attr]
            names = [x for x in ast.walk(body) if _read_name(x) and  # type: ignore[arg-type]
                     (ctx.placement(x) == "cuda" or ctx.is_tensorish(x))]
            if _callable_kind(ctx, arg, 1) is not None and _all_sized(ctx, names):
                return True
        elif operands is not None and operands[i] is not None and _callable_kind(ctx, arg, 1) is None:
            ops = [x for x in operands[i] if isinstance(x, ast.Name)]  # type: ignore[union-attr]
            if (_all_sized(ctx, ops) and _small_matmul(ctx, operands[i])) or small_linear(ctx, arg, operands[i]):
                return True
        elif operands is not None and operands[i] is not None and \
                _all_sized(ctx, [x for x in operands[i] if isinstance(x, ast.Name)]):  # type: ignore[union-attr]
            return True
    return False


def sample_work(ctx: Context, s: ast.stmt) -> list[ast.AST]:
    """The GPU work of a statement: what the context sees, and arithmetic on a tensor parameter that every caller
    in the file hands a tensor placed on CUDA (``def baseline(x): ... _ = x * x`` called as ``baseline(x_cuda)``)."""
    work = ctx.gpu_work_in(stmt_nodes(s))
    if work:
        return work
    closures = [c for c in _calls_of(s) if isinstance(c.func, ast.Name) and c.func.id in ctx.functions and
                not c.args and not c.keywords and _short_function(ctx, ctx.functions[c.func.id], 1) is not None and
                _names_on_gpu(ctx, ctx.functions[c.func.id])]
    if closures:
        return closures  # `step()` where `def step(): return a * b` on CUDA tensors of the module
    awaited = [c for c in (awaited_result(ctx, w) for w in _calls_of(s)) if c is not None]
    if awaited:
        return awaited  # `f(x).block_until_ready()`: only a JAX array has that wait, so `f(x)` dispatched device work
    scope = s._wp_scope  # type: ignore[attr-defined]
    return [n for n in stmt_nodes(s) if isinstance(n, ast.BinOp) and not isinstance(n.op, ast.MatMult) and
            not isinstance(getattr(n, "_wp_parent", None), ast.BinOp) and not in_lambda(n) and
            any(isinstance(x, ast.Name) and x.id in scope.params and _param_on_gpu(ctx, scope, x.id)
                for x in (n.left, n.right))]


def awaited_result(ctx: Context, c: ast.Call) -> ast.Call | None:
    """The call whose result ``c`` waits for, when ``c`` is JAX's wait: ``f(x).block_until_ready()`` or
    ``jax.block_until_ready(f(x))`` (a function of the file, or a name bound to ``jax.jit`` of one)."""
    if isinstance(c.func, ast.Attribute) and c.func.attr == "block_until_ready" and not c.args:
        inner = c.func.value
    elif ctx.call_name(c) == "jax.block_until_ready" and len(c.args) == 1:
        inner = c.args[0]
    else:
        return None
    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and \
            (inner.func.id in ctx.functions or jitted_function(ctx, inner.func.id) is not None):
        return inner
    return None


def jitted_function(ctx: Context, name: str) -> ast.AST | None:
    """The function of the file ``name`` is only ever bound to ``jax.jit`` of (``fast = jit(f)``)."""
    values = ctx.assigns.get(name, [])
    if len(values) != 1 or not isinstance(values[0], ast.Call) or ctx.call_name(values[0]) != "jax.jit":
        return None
    args = values[0].args
    return ctx.functions.get(args[0].id) if len(args) == 1 and isinstance(args[0], ast.Name) and \
        not values[0].keywords else None


def _param_on_gpu(ctx: Context, scope, name: str) -> bool:
    fn = scope.node
    arg = _site_args(ctx, fn, name)
    return bool(arg) and all(a is not None and ctx.placement(a) == "cuda" for a in arg)


def _handed_in(ctx: Context, call: ast.Call, depth: int) -> str | None:
    """``fn()`` / ``fn(*args)`` of a timing helper's callable parameter: short when every caller in the file hands
    it a short op (a lambda or a function of the file made of short ops, a torch op of the list) on CUDA data."""
    scope = call._wp_stmt._wp_scope  # type: ignore[attr-defined]
    name = call.func.id  # type: ignore[attr-defined]
    sites = _site_args(ctx, scope.node, name)
    if not sites or depth <= 0:
        return None
    operands = _handed_operands(ctx, scope, call)
    kinds = []
    for i, arg in enumerate(sites):
        kind = _callable_kind(ctx, arg, depth - 1)
        if kind is None and isinstance(arg, ast.Name) and arg.id in ctx.functions and call.args and \
                _on_gpu_all(ctx, list(call.args)):  # `op(x)` with `x` on CUDA: a function of short ops on it
            kind = _short_function(ctx, ctx.functions[arg.id], depth - 1)
        if kind is None and operands is not None:
            q = ctx.qualname(arg) if isinstance(arg, (ast.Name, ast.Attribute)) else None
            if (q and q.count(".") == 1 and q.startswith("torch.") and q.rsplit(".", 1)[-1] in MATMULS and
                    operands[i] is not None and _small_matmul(ctx, operands[i]) and _on_gpu_all(ctx, operands[i])) \
                    or small_linear(ctx, arg, operands[i]):  # a `torch.nn.Linear` handed in with its input
                kind = "op"  # benchmark_fn(torch.matmul, (a, b)) with a and b of shown small sizes on CUDA
        if kind is not None:
            kinds.append(kind)
    if not kinds:
        return None  # a caller hands it a short op: that measurement is the round trip (others may be long)
    return "kernel" if "kernel" in kinds else "op"


def _handed_operands(ctx: Context, scope, call: ast.Call) -> list[list[ast.AST] | None] | None:
    """Per call of the helper, the operands ``fn(*args)`` / ``fn(x, y)`` receives there, when the call shows them."""
    per_param: list[tuple[str, bool]] = []
    for a in call.args:
        if isinstance(a, ast.Starred) and isinstance(a.value, ast.Name) and a.value.id in scope.params:
            per_param.append((a.value.id, True))
        elif isinstance(a, ast.Name) and a.id in scope.params:
            per_param.append((a.id, False))
        else:
            return None
    columns = [(_site_args(ctx, scope.node, p), star) for p, star in per_param]
    n = len(_site_args(ctx, scope.node, call.func.id))  # type: ignore[attr-defined]
    out: list[list[ast.AST] | None] = []
    for i in range(n):
        ops: list[ast.AST] | None = []
        for values, star in columns:
            v = values[i] if i < len(values) else None
            if v is None or (star and not isinstance(v, (ast.Tuple, ast.List))):
                ops = None
                break
            ops.extend(v.elts if star else [v])  # type: ignore[union-attr]
        out.append(ops)
    return out


def _on_gpu_all(ctx: Context, operands: list[ast.AST]) -> bool:
    return bool(operands) and all(ctx.placement(x) == "cuda" for x in operands)


def returned_lambda(ctx: Context, arg: ast.AST | None) -> ast.AST | None:
    """``make_op(n, torch.relu)`` where ``make_op`` is a function of the file whose one ``return`` hands back a
    lambda of no arguments (``x = torch.randn(n, device="cuda"); return lambda: op(x)``): that lambda, read in the
    factory's scope (its names are the factory's locals and parameters, given at this call); else ``arg``."""
    if not (isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id in ctx.functions):
        return arg
    fn = ctx.functions[arg.func.id]
    returns = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
    if len(returns) != 1 or not isinstance(returns[0].value, ast.Lambda) or getattr(fn, "decorator_list", None):
        return arg
    lam = returns[0].value
    a = lam.args
    return lam if not (a.args or a.posonlyargs or a.kwonlyargs or a.vararg or a.kwarg) else arg


def _callable_kind(ctx: Context, arg: ast.AST | None, depth: int) -> str | None:
    arg = returned_lambda(ctx, arg)
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


def _harmless(ctx: Context, c: ast.Call) -> bool:
    """A call in a sample that is no GPU work and no host work of its own: a clock, a synchronize, an event record,
    an append, a builtin on numbers, a device query."""
    if ctx.is_clock(c) or ctx.is_sync(c, hidden=False):
        return True
    q = ctx.call_name(c) or ""
    m = ctx.method(c)
    if isinstance(c.func, ast.Name) and c.func.id in _HOST_OK:
        return True
    if m in _SAMPLE_METHODS or m in ("startswith", "endswith"):  # a device-string guard (`if dev.startswith(..)`)
        return True
    return q.startswith(("torch.cuda.", "cupy.cuda.")) and not ctx.is_gpu_work(c)  # is_available(), Device()


def _placed_on_gpu(ctx: Context, n: ast.AST) -> bool:
    """An operand is placed on CUDA, or none is known on the CPU in a file whose loop synchronizes CUDA (a tensor
    handed in as a parameter)."""
    places = [ctx.placement(x) for x in _operands(n) if isinstance(x, (ast.Name, ast.Attribute, ast.Subscript))]
    return "cuda" in places or (bool(places) and "cpu" not in places and ctx.uses_gpu)


def _op_kind(ctx: Context, n: ast.AST, depth: int) -> str | None:
    """``"op"`` (a short torch op), ``"kernel"`` (a loop-free kernel of this file, or a short function of this file
    that launches one), None when the length is not shown."""
    if isinstance(n, ast.BinOp):
        if isinstance(n.op, ast.MatMult):
            return "op" if _small_matmul(ctx, [n.left, n.right]) else None
        sides = [x for x in (n.left, n.right) if not isinstance(x, ast.Constant)]
        kinds = [_op_kind(ctx, x, depth) if isinstance(x, (ast.BinOp, ast.Call)) else "op" for x in sides]
        return None if None in kinds else ("kernel" if "kernel" in kinds else "op")
    if isinstance(n, ast.UnaryOp):
        return _op_kind(ctx, n.operand, depth) if isinstance(n.operand, (ast.BinOp, ast.Call)) else "op"
    if not isinstance(n, ast.Call):
        return None
    if isinstance(n.func, ast.Subscript):  # kernel[grid](...)
        fn = ctx.functions.get(dotted(n.func.value) or "")
        if fn is None or not _jit_kernel(fn):
            return None
        return "kernel" if not _has_loop(fn) or _small_operands(ctx, n) else None
    q = ctx.call_name(n) or ""
    m = ctx.method(n)
    last = q.rsplit(".", 1)[-1]
    if (q.startswith("cupy.") and q.count(".") == 1) or (q.startswith("jax.numpy.") and q.count(".") == 2):
        if last in ("dot", "matmul") and q.startswith("cupy."):  # cp.dot(a, b): a matmul of the sizes shown
            return "op" if _small_matmul(ctx, n.args) else None
        return "op" if last in SHORT_OPS else None  # cp.sum(a), cp.exp(a), jnp.exp(a)
    if q.startswith("torch.distributed.") and last in COLLECTIVES:  # a small message: µs of latency, not bandwidth
        pos = 1 if last == "all_gather_into_tensor" else 0  # each rank's share: the gathered input, the scattered output
        msg = n.args[pos] if len(n.args) > pos else None
        size = _tensor_elements(ctx, msg) if isinstance(msg, ast.Name) else None
        return "op" if size is not None and size <= _MAX_MESSAGE else None
    if q.startswith(("torch.", "triton.")) and not q.startswith("torch.cuda."):
        if q.count(".") == 1 and last in MATMULS:
            return "op" if _small_matmul(ctx, n.args) else None
        if q == "torch.einsum":
            return "op" if _small_einsum(ctx, n.args) else None
        if q.count(".") == 1 and last in SORT_OPS:
            return "op" if n.args and _small_sort(ctx, n.args[0]) else None
        if q in SIZED_CALLS:  # F.linear, F.scaled_dot_product_attention: by the cost model's estimate
            return "op" if (us := call_us(ctx, n)) is not None and us <= _SHORT_US else None
        if q.startswith(("torch.nn.functional.", "torch.special.")) or q.count(".") == 1:
            return "op" if last in SHORT_OPS and _plain_args(ctx, n, depth) else None
        return None  # torch.nn.Linear(...), torch.linalg.*, torch.fft.*: not listed
    if m is not None and isinstance(n.func, ast.Attribute) and ctx.is_tensorish(n.func.value):
        if m in MATMULS:
            return "op" if _small_matmul(ctx, [n.func.value, *n.args]) else None
        if m in SORT_OPS:
            return "op" if _small_sort(ctx, n.func.value) else None
        return "op" if m in SHORT_OPS and _plain_args(ctx, n, depth) else None
    if library_kernel(ctx, n):  # cp.RawKernel / SourceModule / ElementwiseKernel source without a loop
        return "kernel"
    if extension_short_entry(ctx, n):  # an extension entry launching loop-free kernels of its visible sources
        return "kernel"
    if isinstance(n.func, ast.Name) and (named := looked_up_torch_ops(ctx, n)) is not None:
        return "op" if all(x in SHORT_OPS for x in named) and _plain_args(ctx, n, depth) else None
    if isinstance(n.func, ast.Name) and n.func.id in ctx.functions and depth > 0:
        fn = ctx.functions[n.func.id]
        return _short_function(ctx, fn, depth - 1) or (_fused_elementwise(ctx, fn) if _jax_jitted(ctx, fn) else None)
    if isinstance(n.func, ast.Name) and depth > 0 and (fn := jitted_function(ctx, n.func.id)) is not None:
        return _short_function(ctx, fn, depth - 1) or _fused_elementwise(ctx, fn)  # `fast = jax.jit(f)`
    if isinstance(n.func, ast.Name) and _single_op_module(ctx, n.func.id):
        return "op"  # norm = torch.nn.LayerNorm(N).cuda(); norm(x)
    if isinstance(n.func, ast.Name) and n.func.id in n._wp_stmt._wp_scope.params:  # type: ignore[attr-defined]
        return _handed_in(ctx, n, depth)
    d = ctx.imported_function(n) if depth > 0 and isinstance(n.func, (ast.Name, ast.Attribute)) else None
    return _short_function(d.ctx, d.node, depth - 1) if d is not None else None  # a wrapper in a project module


def _small_sort(ctx: Context, x: ast.AST) -> bool:
    """The tensor a sort or top-k works on has a size the file gives, at most 2^20 elements."""
    size = _tensor_elements(ctx, x) if isinstance(x, ast.Name) else None
    return size is not None and size <= _MAX_SORT_ELEMENTS


COLLECTIVES = frozenset({"all_reduce", "broadcast", "reduce", "all_gather_into_tensor", "reduce_scatter_tensor",
                         "all_to_all_single"})
_MAX_MESSAGE = 1 << 20  # elements: a 4 MB fp32 collective is tens of µs, the size of a host round trip's cost


# torch.nn modules whose forward is one elementwise or normalization op
SHORT_MODULES = frozenset({
    "LayerNorm", "RMSNorm", "GroupNorm", "Softmax", "LogSoftmax", "ReLU", "GELU", "SiLU", "Sigmoid", "Tanh", "Mish",
    "Softplus", "ELU", "LeakyReLU", "Hardswish", "Hardsigmoid", "Dropout",
})


def _single_op_module(ctx: Context, name: str) -> bool:
    """``name`` is only ever bound to a ``torch.nn`` module of one op (``torch.nn.LayerNorm(n).cuda()``)."""
    values = ctx.assigns.get(name, [])
    if not values or len(values) > _MAX_BINDINGS:
        return False
    for v in values:
        while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in ("cuda", "to", "half",
                                                                                                 "float", "eval"):
            v = v.func.value
        q = ctx.call_name(v) if isinstance(v, ast.Call) else None
        if not (q and q.startswith("torch.nn.") and q.count(".") == 2 and q.rsplit(".", 1)[-1] in SHORT_MODULES):
            return False
    return True


def _host_loops_only(fn: ast.AST) -> bool:
    """Every loop of a function of the file is host arithmetic (``while block < n: block *= 2``): no call in it."""
    cached = getattr(fn, "_wp_host_loops", None)
    if cached is None:
        cached = not any(isinstance(n, (*_LOOPS, ast.comprehension)) and
                         any(isinstance(c, ast.Call) for c in ast.walk(n)) for n in ast.walk(fn))
        fn._wp_host_loops = cached  # type: ignore[attr-defined]
    return cached


_MAX_LOOPED_KERNEL_ELEMENTS = 1 << 18  # a kernel with a loop (a matmul, an attention) over operands this small is µs-scale


def _small_operands(ctx: Context, call: ast.Call) -> bool:
    """Every tensor a kernel with a loop is handed has a size the file gives, at most 2^18 elements (a 512 x 512
    matmul, an attention over 257 tokens): the loop cannot make it long."""
    tensors = 0
    for a in [*call.args, *(k.value for k in call.keywords)]:
        if not isinstance(a, ast.Name):
            continue
        size = _tensor_elements(ctx, a)
        if size is None:
            if ctx.is_tensorish(a) or ctx.placement(a) == "cuda":
                return False  # a tensor of unknown size
            continue
        if size > _MAX_LOOPED_KERNEL_ELEMENTS:
            return False
        tensors += 1
    return tensors > 0


def _short_function(ctx: Context, fn: ast.AST, depth: int) -> str | None:
    return _memo(ctx, "_wp_short_fn", (id(fn), depth), lambda: _short_function_body(ctx, fn, depth))


def _short_function_body(ctx: Context, fn: ast.AST, depth: int) -> str | None:
    """A function of this file with no loop, made of at most a few short ops or loop-free kernel launches plus
    allocations and shape arithmetic (``def add(x, y): out = torch.empty_like(x); kern[grid](x, y, out); return
    out``)."""
    if _jit_kernel(fn) or not _host_loops_only(fn) or getattr(fn, "decorator_list", None):
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
            # every arithmetic node on a tensor is a kernel of its own in eager mode, nested ones too:
            # `0.5 * x * (1 + torch.tanh(c * (x + 0.044715 * x**3)))` is eight launches, not two
            if isinstance(n, ast.BinOp) and not in_lambda(n) and \
                    (ctx.gpu_work_in([n]) or any(isinstance(x, ast.Name) and x.id in scope.params
                                                 for x in ast.walk(n))):
                ops += 1
    if ops == 0 or ops > _MAX_FN_OPS:
        return None
    return "kernel" if kernel else "op"


# jax.numpy calls that only build, index or reshape arrays: fused by XLA into the elementwise ops around them
_JNP_LAYOUT = frozenset({"array", "asarray", "expand_dims", "tile", "reshape", "stack", "concatenate", "squeeze",
                         "broadcast_to", "transpose", "where", "clip", "ones_like", "zeros_like", "full_like"})


def _fused_elementwise(ctx: Context, fn: ast.AST) -> str | None:
    """A function compiled whole by ``jax.jit`` with no loop, no nested function and no matmul, whose every call is
    an elementwise, reduction or layout op of ``jax.numpy`` (or shape arithmetic on the host): XLA fuses it into a
    few kernels, one dispatch; on arrays the file shows small that is µs-scale, however many ops it spells."""
    if not _host_loops_only(fn) or (getattr(fn, "decorator_list", None) and not _jax_jitted(ctx, fn)):
        return None
    scope = fn._wp_own_scope  # type: ignore[attr-defined]
    if scope.children:
        return None
    for n in ast.walk(fn):
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult):
            return None
        if not isinstance(n, ast.Call):
            continue
        q = ctx.call_name(n) or ""
        last = q.rsplit(".", 1)[-1]
        if q.startswith("jax.numpy.") and q.count(".") == 2 and (last in SHORT_OPS or last in _JNP_LAYOUT):
            continue
        if ctx.method(n) in _SHAPE_METHODS or (isinstance(n.func, ast.Name) and n.func.id in _HOST_OK):
            continue
        return None
    return "op"


def _jax_jitted(ctx: Context, fn: ast.AST) -> bool:
    """``fn`` is decorated with ``@jax.jit`` alone (no arguments)."""
    decos = getattr(fn, "decorator_list", [])
    return len(decos) == 1 and ctx.qualname(decos[0]) == "jax.jit"


def _inside_other_call(c: ast.Call, fn: ast.AST) -> bool:
    """``c`` is an argument of another call (counted with it)."""
    return expr_ancestor(c, ast.Call) is not None


def _read_name(x: ast.AST) -> bool:
    """A name read (not the target of an assignment: ``_ = a + b`` binds ``_`` to the result, not an input)."""
    return isinstance(x, ast.Name) and isinstance(x.ctx, ast.Load)


def _plain_args(ctx: Context, n: ast.Call, depth: int) -> bool:
    """A short op's arguments hold no matmul of their own (``torch.clamp(x @ y, max=1)`` is as long as the matmul):
    a nested ``@`` or matmul call must be short itself."""
    for a in [*n.args, *(k.value for k in n.keywords)]:
        for x in ast.walk(a):
            if (isinstance(x, ast.BinOp) and isinstance(x.op, ast.MatMult)) or \
                    (isinstance(x, ast.Call) and ctx.method(x) in MATMULS):
                if _op_kind(ctx, x, depth) is None:
                    return False
    return True
