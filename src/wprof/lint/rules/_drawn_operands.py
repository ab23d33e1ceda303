"""WP104's drawn operands: a timed region that does nothing but draw random inputs and run one operation on them.

``t0 = time.time(); torch.add(torch.randn(n, 1, device=d), torch.randn(n, device=d)); ... - t0``,
``for i in range(n): A = cp.random.rand(j, j); P, L, U = cupyx.scipy.linalg.lu(A)`` between two readings,
``for _ in range(n): a = torch.rand(800, 800); ca = a.cuda(); z = torch.einsum(s, ca, ca, ca)``, or a region that
calls a function of the file whose body is that (``def test(n): A = torch.rand((n, n), device=d); x = ...; b =
torch.matmul(A, x)``, timed as ``test(n)``): the number reported for the operation includes the random fill (an RNG
kernel and an allocation per draw, and a host-to-device copy when the draw is made on the host), often as much work
as the operation itself (a matrix-vector product reads what the draw wrote).

Reported only when the shape says so with near-certainty: every statement of the region (through loops, and through
one call of a plain function of the file, and through a ``with torch.no_grad()``/``inference_mode()`` block) is a
random draw of values (``torch.rand``/``randn``/``*_like``,
``cupy.random.rand``/``randn``/``random``/``standard_normal``...), a move or cast of a drawn value (also in an
``if torch.cuda.is_available():`` and its ``else``), a seed, a synchronize or a ``print`` of constants, except exactly one statement: the operation, a call of a torch/CuPy function (or a method of a drawn
value, or ``@``) that takes a drawn value as a direct argument. Not reported: a region with any other statement (a
model call, a print, arithmetic on the draws such as a Monte Carlo estimate ``cp.sum(x * x + y * y < 1)``, a second
operation), index draws and draws with a mean or bounds (``randint``, ``randperm``, ``normal``: as often a
sampling algorithm's own step), an operation that consumes its input (``x.sort()``, ``A.add_(b)``,
``lu(A, overwrite_a=True)``: it needs a fresh one per run), a draw shaped like a value the region
makes, a region whose purpose includes its inputs (``_number_purpose``), a region beside another that draws on
the host (a CPU side timing its own draw and operation: ``_mirrored``), and a region without GPU work. The body of
a function a timing decorator wraps is read the same way (:func:`decorated_drawn_findings`); a module-level
``functools.partial`` of a torch/CuPy function is that function.
"""

from __future__ import annotations

import ast

from .._context import SYNC_ATTRS, SYNC_FUNCS, Context, dotted
from ._evidence import model_on_gpu

_TORCH_DRAWS = frozenset({"randn", "rand", "randn_like", "rand_like"})
_CUPY_DRAWS = frozenset({"rand", "randn", "random", "random_sample", "standard_normal"})
# (not `normal`/`uniform` with a mean or bounds: a sampling step of the algorithm as often as an input)
_SEEDS = frozenset({"torch.manual_seed", "torch.cuda.manual_seed", "torch.cuda.manual_seed_all", "cupy.random.seed",
                    "numpy.random.seed", "random.seed"})
_MOVES = frozenset({"to", "cuda", "float", "half", "double", "bfloat16", "contiguous", "requires_grad_", "astype"})
_NOT_OPS = _MOVES | frozenset({"cpu", "numpy", "item", "tolist", "get", "clone", "detach", "copy"})
_LIBS = ("torch.", "cupy.", "cupyx.", "jax.numpy.", "jax.lax.")
_JAX_DRAWS = frozenset({"normal", "uniform"})  # (standard: no `minval`/`maxval`, a key and a shape)
_JAX_KEYS = frozenset({"jax.random.PRNGKey", "jax.random.key", "jax.random.split"})
_GRAD_CONTEXTS = frozenset({"torch.no_grad", "torch.inference_mode", "torch.set_grad_enabled", "torch.enable_grad"})


def _partials(ctx: Context) -> dict[str, str]:
    """Module-level names bound once to ``functools.partial`` of a torch/CuPy function (``softmax = partial(
    torch.nn.functional.softmax, dim=-1)``): the function they call. Cached per file."""
    cached = ctx.__dict__.get("_wp_lib_partials")
    if cached is not None:
        return cached
    out: dict[str, str] = {}
    counts: dict[str, int] = {}
    for st in ctx.tree.body:  # type: ignore[attr-defined]
        for t in (st.targets if isinstance(st, ast.Assign) else []):
            for n in ast.walk(t):
                if isinstance(n, ast.Name):
                    counts[n.id] = counts.get(n.id, 0) + 1
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and \
                isinstance(st.value, ast.Call) and ctx.call_name(st.value) == "functools.partial" and st.value.args:
            q = ctx.qualname(st.value.args[0]) or ""
            if q.startswith(_LIBS):
                out[st.targets[0].id] = q
    out = {k: v for k, v in out.items() if counts.get(k) == 1}
    ctx.__dict__["_wp_lib_partials"] = out
    return out


def _in_place(node: ast.Call, method: str | None, on_drawn: bool) -> bool:
    """The call writes its input: a torch ``*_`` method or function, an array's ``sort()``/``fill()``, an
    ``overwrite_*=``/``out=``/``inplace=`` keyword."""
    return bool(method and (method.endswith("_") and not method.startswith("__") or
                            on_drawn and method in ("sort", "fill"))) or \
        any(k.arg and (k.arg.startswith("overwrite") or k.arg in ("out", "inplace")) for k in node.keywords)


def _draw(ctx: Context, c: ast.AST) -> bool:
    if not isinstance(c, ast.Call):
        return False
    head, _, last = (ctx.call_name(c) or "").rpartition(".")
    if head == "jax.random" and last in _JAX_DRAWS:  # `random.normal(key, (n, n))`
        return len(c.args) <= 3 and not any(k.arg in ("minval", "maxval", "mean", "cov") for k in c.keywords)
    return (head == "torch" and last in _TORCH_DRAWS) or (head == "cupy.random" and last in _CUPY_DRAWS)


def _availability_test(ctx: Context, test: ast.expr) -> bool:
    """``torch.cuda.is_available()`` (or ``cupy.cuda.is_available()``), alone or negated."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    return isinstance(test, ast.Call) and ctx.call_name(test) in ("torch.cuda.is_available", "cupy.cuda.is_available")


def _constant_print(ctx: Context, st: ast.stmt) -> bool:
    """``print("cuda is available")``: a message with no value in it (no tensor read, nothing waited for)."""
    return isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and ctx.call_name(st.value) == "print" and \
        all(isinstance(a, ast.Constant) for a in st.value.args)


def _counter_test(test: ast.expr) -> bool:
    """``i < n``, ``i <= len_``: a comparison of names and literals (no call: not a clock or a queue)."""
    return isinstance(test, ast.Compare) and all(isinstance(n, (ast.Name, ast.Constant, ast.Compare, ast.Load, ast.cmpop))
                                                 for n in ast.walk(test))


class _Shape:
    """The statements of one body read as "draw inputs, run one operation on them"."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.drawn: dict[str, list[ast.Call]] = {}  # name -> the draws its value comes from
        self.ops: list[tuple[ast.AST, list[ast.Call]]] = []  # (operation, the draws it takes)
        self.calls: list[tuple[ast.FunctionDef, list[ast.Call]]] = []

    def draws_of(self, node: ast.AST) -> list[ast.Call] | None:
        """The draws a value comes from when it is a draw, a drawn name, or a move or cast of one; else None."""
        ctx = self.ctx
        if isinstance(node, ast.Name):
            return self.drawn.get(node.id)
        if _draw(ctx, node):
            return [node]  # type: ignore[list-item]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and ctx.method(node) in _MOVES:
            return self.draws_of(node.func.value)
        if isinstance(node, ast.Attribute) and node.attr in ("T", "mT"):
            return self.draws_of(node.value)  # `jnp.dot(x, x.T)`: the drawn value, transposed
        return None

    def op(self, node: ast.AST) -> list[ast.Call] | None:
        """The draws an operation takes as direct arguments (or operands of ``@``): None when ``node`` is not a
        torch/CuPy operation on a drawn value."""
        ctx = self.ctx
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            taken = [d for side in (node.left, node.right) for d in (self.draws_of(side) or [])]
            return taken or None
        if not isinstance(node, ast.Call) or _draw(ctx, node):
            return None
        q = ctx.call_name(node) or ""
        if isinstance(node.func, ast.Name):
            q = _partials(ctx).get(node.func.id, q)  # `softmax_fn(x)` with `softmax_fn = partial(F.softmax, dim=-1)`
        m = ctx.method(node)
        args = [*node.args, *(k.value for k in node.keywords)]
        if _in_place(node, m, isinstance(node.func, ast.Attribute) and bool(self.draws_of(node.func.value))):
            return None  # `x.sort()`, `A.add_(b)`, `lu(A, overwrite_a=True)`: the operation consumes its input, so a
            # fresh one per run is what the measurement needs
        model = node.func.value if isinstance(node.func, ast.Attribute) and m == "forward" else node.func
        if isinstance(model, ast.Name) and model.id not in ctx.functions and model_on_gpu(ctx, model.id):
            drawn = [self.draws_of(a) for a in args]  # `net(x)` of a model the file put on the GPU, handed only
            # draws made on the host and moved: the host RNG and the copy are timed with the forward
            taken = [d for ds in drawn for d in (ds or [])]
            return taken if taken and all(drawn) and all(_host_moved(ctx, d) for d in taken) else None
        if isinstance(node.func, ast.Attribute) and m not in _NOT_OPS and self.draws_of(node.func.value):
            receiver = self.draws_of(node.func.value) or []  # `A.matmul(x)` on a drawn `A`
        elif q.startswith(_LIBS) and q not in _SEEDS and q not in SYNC_FUNCS and m not in _NOT_OPS and \
                q.rpartition(".")[2] not in ("synchronize", "seed", "manual_seed"):
            receiver = []
        else:
            return None
        taken = receiver + [d for a in args for d in (self.draws_of(a) or [])]
        return taken or None

    def read(self, body: list[ast.stmt], depth: int) -> bool:
        """False as soon as a statement is none of: a draw (or a move of one) bound to a name, a seed, a synchronize,
        a loop of such statements, the one operation, a call of a plain function of the file that reads the same
        (``depth`` 0 only), a docstring, a ``return`` of a drawn or operated value."""
        ctx = self.ctx
        for st in body:
            if isinstance(st, ast.For) and not st.orelse:
                if not self.read(st.body, depth):
                    return False
                continue
            if isinstance(st, ast.While) and not st.orelse and _counter_test(st.test):
                if not self.read(st.body, depth):  # `while i < n:` over a counter the loop steps: a loop of repeats
                    return False
                continue
            if self._counter(st):
                continue  # `i = 0`, `i += 1`: the loop's count, no work
            if isinstance(st, ast.With) and all(
                    isinstance(i.context_expr, ast.Call) and ctx.call_name(i.context_expr) in _GRAD_CONTEXTS and
                    i.optional_vars is None for i in st.items):
                if not self.read(st.body, depth):  # `with torch.no_grad():` around the draws and the operation
                    return False
                continue
            if isinstance(st, ast.If) and _availability_test(ctx, st.test):
                if not (self.read(st.body, depth) and self.read(st.orelse, depth)):
                    return False  # `if torch.cuda.is_available(): a = a.cuda()`: the move of the draws to the device
                continue
            if isinstance(st, ast.Pass) or (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)) or \
                    _constant_print(ctx, st) or \
                    (isinstance(st, ast.Delete) and all(isinstance(t, ast.Name) for t in st.targets)):
                continue
            if isinstance(st, ast.Return) and depth > 0:
                if st.value is None or isinstance(st.value, ast.Name):
                    continue
                value: ast.AST | None = st.value
                targets: list[ast.expr] = []
            elif isinstance(st, ast.Expr):
                value, targets = st.value, []
            elif isinstance(st, ast.Assign):
                value, targets = st.value, list(st.targets)
            else:
                return False
            if isinstance(value, ast.Call) and ctx.method(value) == "block_until_ready" and not targets and \
                    isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Call):
                value = value.func.value  # `jnp.dot(x, x.T).block_until_ready()`: the operation, waited for
            if isinstance(value, ast.Call):
                q = ctx.call_name(value) or ""
                if q in _JAX_KEYS:
                    continue  # `key = random.PRNGKey(0)`, `key, sub = random.split(key)`: a seed
                if q in _SEEDS or q in SYNC_FUNCS or ctx.method(value) in SYNC_ATTRS:
                    if targets:
                        return False
                    continue
            drawn = self.draws_of(value) if value is not None else None
            if drawn is not None and len(targets) == 1 and isinstance(targets[0], ast.Name):
                self.drawn[targets[0].id] = drawn
                continue
            taken = self.op(value) if value is not None else None
            if taken is not None:
                self.ops.append((value, taken))  # type: ignore[arg-type]
                continue
            fn = self._plain_function(value) if depth == 0 else None
            if fn is not None:
                inner = _Shape(ctx)
                if not inner.read(fn.body, 1) or len(inner.ops) != 1 or inner.calls:
                    return False
                self.calls.append((fn, inner.ops[0][1]))
                continue
            return False
        return True

    def _counter(self, st: ast.stmt) -> bool:
        """``i = 0`` or ``i += 1``: a name bound to, or stepped by, an integer literal (never a drawn name)."""
        if isinstance(st, ast.AugAssign) and isinstance(st.op, (ast.Add, ast.Sub)):
            target, value = st.target, st.value
        elif isinstance(st, ast.Assign) and len(st.targets) == 1:
            target, value = st.targets[0], st.value
        else:
            return False
        return isinstance(target, ast.Name) and target.id not in self.drawn and \
            isinstance(value, ast.Constant) and type(value.value) is int

    def _plain_function(self, value: ast.AST | None) -> ast.FunctionDef | None:
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
            return None
        fn = self.ctx.functions.get(value.func.id)
        if isinstance(fn, ast.FunctionDef) and not fn.decorator_list:
            return fn
        return None


def drawn_operand_findings(ctx: Context, r) -> list[ast.Call]:
    """The draws a region makes for the one operation it times (empty unless the region has exactly that shape)."""
    if r.outer is not None:
        return []  # a `timeit` copy: its callable is a harness's, read by the harness part
    stmts = r.stmts()  # (a loop's body statements follow the loop: read through the loop)
    top = [s for s in stmts if not any(r.contains(lp) for lp in getattr(s, "_wp_loops", ()))]
    shape = _Shape(ctx)
    if not top or not shape.read(top, 0) or len(shape.ops) + len(shape.calls) != 1:
        return []
    taken = shape.ops[0][1] if shape.ops else shape.calls[0][1]
    if not taken or not ctx.gpu_work_in([n for s in stmts for n in ast.walk(s)]) or _mirrored(ctx, r):
        return []
    out: list[ast.Call] = []
    for d in taken:
        if d not in out:
            out.append(d)
    return out


def _mirrored(ctx: Context, r) -> bool:
    """Another timed region of the file, one with no GPU work, draws on the host (``numpy.random.randn``, a
    ``torch.randn`` on the CPU): the file compares like with like, each side timing its draw and its operation (``np.random.randn`` + ``np.dot``
    beside ``cp.random.randn`` + ``cp.dot``, set 188; d2l's NumPy and torch blocks, set 206), so the draw is part of
    what both figures measure on purpose."""
    for other in ctx.regions:
        if other is r or other.outer is not None:
            continue
        nodes = [n for s in other.stmts() for n in ast.walk(s)]
        if ctx.gpu_work_in(nodes):
            continue  # (a GPU side drawing on the host and copying: not the CPU side of the comparison)
        for n in nodes:
            if not isinstance(n, ast.Call):
                continue
            q = ctx.call_name(n) or ""
            if q.startswith("numpy.random.") or \
                    (_draw(ctx, n) and q.startswith("torch.") and ctx.placement(n) == "cpu"):
                return True
    return False


def decorated_drawn_findings(ctx: Context) -> list[tuple[list[ast.Call], str]]:
    """The draws a function timed by a decorator (``@timeit`` of the file or of the project, whose wrapper reads a
    clock around the call: `_timer_regions.decorator_regions`) makes for the one operation its body runs (``with
    torch.no_grad(): for _ in range(n): softmax(torch.randn(m, device=d))``): every call is a sample, and each
    pays the random fill. The same shape as a region's (:func:`drawn_operand_findings`), read in the body;
    with the decorator's name."""
    from ._number_purpose import meant_to_include

    timed: dict[int, list] = {}
    for r in ctx.regions:
        if r.outer is not None:
            timed.setdefault(id(r.end), []).append(r)
    out: list[tuple[list[ast.Call], str]] = []
    if not timed:
        return out
    for fn in ctx.functions.values():
        regions = next((timed[id(d)] for d in getattr(fn, "decorator_list", ()) if id(d) in timed), None)
        if not regions or any(meant_to_include(ctx, r) is not None for r in regions):
            continue
        shape = _Shape(ctx)
        if not shape.read(list(fn.body), 0) or len(shape.ops) + len(shape.calls) != 1:
            continue
        taken = shape.ops[0][1] if shape.ops else shape.calls[0][1]
        if not taken or not ctx.gpu_work_in([n for s in fn.body for n in ast.walk(s)]):
            continue
        draws: list[ast.Call] = []
        for d in taken:
            if d not in draws:
                draws.append(d)
        dec = regions[0].end
        out.append((draws, dotted(dec.func if isinstance(dec, ast.Call) else dec) or regions[0].clock))
    return out


def magic_drawn_findings(ctx: Context) -> list[tuple[list[ast.Call], object]]:
    """The draws the code of a ``%timeit``/``%%timeit`` magic makes for the one operation it runs (``%%timeit`` over
    ``z = torch.randn(n, n).to(device); r = torch.matmul(z, z); del z``): every loop is a sample and pays the random
    fill (and the copy, for a draw made on the host). The same shape as a region's; ``del`` of names is read through.
    Not ``%time`` (one run)."""
    from .timeit_magic_on_gpu_work import timeit_trees

    out: list[tuple[list[ast.Call], object]] = []
    for m, tree in timeit_trees(ctx):
        shape = _Shape(ctx)
        if not shape.read(list(tree.body), 0) or len(shape.ops) + len(shape.calls) != 1:
            continue
        taken = shape.ops[0][1] if shape.ops else shape.calls[0][1]
        if not taken or not ctx.uses_gpu or not all(_drawn_on_device(ctx, d) for d in taken):
            continue  # (a CPU cell of the same notebook times its own draws on the host: the CPU side)
        draws: list[ast.Call] = []
        for d in taken:
            if d not in draws:
                draws.append(d)
        out.append((draws, m))
    return out


def _host_moved(ctx: Context, d: ast.Call) -> bool:
    """A torch draw made on the host (no ``device=``) and moved to the GPU at once (``torch.randn(b, n).to(device)``,
    ``.cuda()``): the host RNG fill and a host-to-device copy."""
    if not (ctx.call_name(d) or "").startswith("torch.") or any(k.arg == "device" for k in d.keywords):
        return False
    return _drawn_on_device(ctx, d)


def _drawn_on_device(ctx: Context, d: ast.Call) -> bool:
    """A draw made on the GPU (a CuPy draw, ``device=`` that is not the CPU) or moved there at once
    (``torch.randn(n, n).to(device)``, ``.cuda()``): a host draw that stays there is CPU work."""
    if (ctx.call_name(d) or "").startswith("cupy."):
        return True
    dev = next((k.value for k in d.keywords if k.arg == "device"), None)
    if dev is not None:
        return not (isinstance(dev, ast.Constant) and str(dev.value).startswith("cpu"))
    parent = getattr(d, "_wp_parent", None)
    if isinstance(parent, ast.Attribute) and parent.attr in ("to", "cuda"):
        outer = getattr(parent, "_wp_parent", None)
        if isinstance(outer, ast.Call) and outer.func is parent:
            args = [*outer.args, *(k.value for k in outer.keywords)]
            return parent.attr == "cuda" or not any(isinstance(a, ast.Constant) and str(a.value).startswith("cpu")
                                                    for a in args) and bool(args)
    return False
