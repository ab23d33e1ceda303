"""Strong evidence (precision first): what the code itself shows about where work runs and which paths run only
on the CPU. Shared by the rules that report host-clock and warmup mistakes."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._imported import function_alias


def call_sites(ctx: Context, name: str) -> list[ast.Call]:
    index = ctx.__dict__.get("_call_sites")
    if index is None:  # last name -> call sites, built once (linear in the file)
        index = {}
        for c in ctx.calls:
            d = dotted(c.func)
            if d is not None:
                index.setdefault(d.rsplit(".", 1)[-1], []).append(c)
            if isinstance(c.func, ast.Name) and (f := function_alias(ctx, c.func.id)) is not None:
                index.setdefault(f.name, []).append(c)  # `run = bench; run(3)`: a call of `bench`
        ctx._call_sites = index  # type: ignore[attr-defined]
    return index.get(name, [])


# ---------------------------------------------------------------- strong evidence (precision first)
# On code nobody here wrote, a finding is right almost always only when the code itself shows the mistake: the
# work is on tensors known to live on the GPU and every call between the readings is known not to synchronize. A
# call into a model, a helper or a library may synchronize inside (`generate()`, a `train()` with `.item()`), a
# tensor of unknown placement may be on the CPU: findings that rest on such guesses are weak and are reported only
# with the group `extra` (see docs/lint.md, "Set 11").

def on_gpu(ctx: Context, node: ast.AST) -> bool:
    """``node`` (a call or ``a @ b``) is shown to run on the GPU: a kernel launch ``k[grid](...)``, or an operand,
    argument or receiver whose placement is known to be ``cuda``."""
    if isinstance(node, ast.BinOp):
        return ctx.placement(node) == "cuda" or ctx.placement(node.left) == "cuda" or \
            ctx.placement(node.right) == "cuda"
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Subscript):
        return True
    operands = list(node.args) + [k.value for k in node.keywords]
    if isinstance(node.func, ast.Attribute):
        operands.append(node.func.value)
    if any(ctx.placement(a) == "cuda" for a in operands) or ctx.puts_on_gpu_call(node):
        return True  # (a function of the file or of the project's modules that moves its data to the GPU itself)
    from .._gpu_libraries import gpu_library_call

    if gpu_library_call(ctx, node):
        return True  # `cugraph.bfs(g, s)`, `llm.generate(p)` of vLLM's `LLM`: the library runs only on the GPU
    from .._gpu_work import in_tf_gpu_scope, trt_context

    if (ctx.call_name(node) or "").startswith("tensorflow."):
        from .._tf_device import on_default_gpu, tf_op

        if tf_op(ctx, node) and (in_tf_gpu_scope(ctx, node) or on_default_gpu(ctx, node)):
            return True  # `tf.matmul(a, b)` under `with tf.device("/GPU:0")`, or in a program that checks for a GPU
    from .._keras_models import keras_gpu_run

    if keras_gpu_run(ctx, node):
        return True  # `model.predict(x)` of a Keras model where TensorFlow runs on the GPU
    if any(trt_context(ctx, a) for a in operands):
        return True  # `context.execute_async_v2(...)`, `do_inference(context, ...)`: a TensorRT engine's context
    model = dotted(node.func.value if isinstance(node.func, ast.Attribute) else node.func)
    return model is not None and model_on_gpu(ctx, model)


def model_on_gpu(ctx: Context, name: str) -> bool:
    """``name`` is a model the file put on the GPU: bound from a chain with ``.cuda()``, ``.to(<a cuda device>)``
    or ``from_pretrained(..., device_map=...)``, or moved in place (``model.to(device)`` as a statement, the device
    a GPU one). ``model(x)`` and ``model.generate(ids)`` then run on the GPU whatever their inputs look like."""
    cache = ctx.__dict__.setdefault("_wp_model_gpu", {})
    if name in cache:
        return cache[name]
    cache[name] = False

    def moved(v: ast.AST) -> bool:
        while isinstance(v, ast.Call):
            q = ctx.call_name(v) or ""
            if q in ("transformers.pipeline", "transformers.pipelines.pipeline") and any(
                    (k.arg == "device_map" and ctx._device_value(k.value) != "cpu") or
                    (k.arg == "device" and ctx._device_value(k.value) == "cuda") for k in v.keywords):
                return True  # pipeline("text-generation", model=..., device_map="auto" / device=0)
            if not isinstance(v.func, ast.Attribute):
                return False
            if v.func.attr == "cuda" or (v.func.attr == "to" and ctx.placement(v) == "cuda"):
                return True
            if v.func.attr == "from_pretrained" and (any(
                    k.arg == "device_map" and ctx._device_value(k.value) != "cpu" for k in v.keywords) or
                    q.startswith("unsloth.")):  # unsloth's loaders put the model on the GPU (it runs nowhere else)
                return True
            if v.func.attr == "from_pretrained":
                from ._config_branches import unpacked_device_map

                if unpacked_device_map(ctx, v):  # `kwargs = {"device_map": "auto"}; from_pretrained(m, **kwargs)`
                    return True
            v = v.func.value
        return False

    def wraps(v: ast.AST) -> bool:  # pipeline("text-generation", model=model) of a model on the GPU
        return isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in ctx.imports and any(
            isinstance(a, ast.Name) and a.id != name and model_on_gpu(ctx, a.id)
            for a in [*v.args, *(k.value for k in v.keywords)])

    out = any(moved(v) or wraps(v) for v in ctx.assigns.get(name, ()))
    if not out:
        for ld in ctx.loads(name):
            call = getattr(getattr(ld, "_wp_parent", None), "_wp_parent", None)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.value is ld and \
                    isinstance(getattr(call, "_wp_parent", None), ast.Expr) and moved(call):
                out = True
                break
    cache[name] = out
    return out


def cpu_only(ctx: Context, stmt: ast.stmt, depth: int = 0) -> bool:
    """``stmt`` runs only when the device is the CPU: in the CPU branch of a device test (``if device == "cpu":``,
    the ``else`` of ``if torch.cuda.is_available():``), after an ``if device == "cuda": ...; return`` in its block,
    or in a function every caller of which calls it only on such a path (``timed_cpu(...)`` under
    ``if device == "cpu":``)."""
    node: ast.AST = stmt
    parent = getattr(stmt, "_wp_parent", None)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module,
                                                         ast.ClassDef, ast.Lambda)):
        if isinstance(parent, ast.If):
            side = _device_side(parent.test, ctx) or _alternative_timings(ctx, parent)
            if (side == "cpu" and node in parent.body) or (side == "cuda" and node in parent.orelse):
                return True
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and _after_cuda_exit(ctx, block, node, (ast.Return, ast.Raise)):
                return True
        node, parent = parent, getattr(parent, "_wp_parent", None)
    if isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
        ends = (ast.Raise,) if isinstance(parent, ast.Module) else (ast.Return, ast.Raise)
        if _after_cuda_exit(ctx, parent.body, node, ends):
            return True
    if depth == 0 and isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
        memo = ctx.__dict__.setdefault("_wp_cpu_fn", {})  # once per function name (its call sites are by name)
        if parent.name not in memo:
            sites: list[ast.AST] = [c for c in call_sites(ctx, parent.name)
                                    if dotted(c.func) in (parent.name, f"self.{parent.name}")]
            # and the references that are not calls: `bench = bench_cpu` under `if device == "cpu":` (a CPU twin
            # chosen by the device)
            sites += [ld for key in (parent.name, f"self.{parent.name}") for ld in ctx.loads(key)
                      if not (isinstance(getattr(ld, "_wp_parent", None), ast.Call) and ld._wp_parent.func is ld)]
            memo[parent.name] = bool(sites) and all(cpu_only(ctx, c._wp_stmt, 1)  # type: ignore[attr-defined]
                                                    for c in sites)
        return memo[parent.name]
    return False


def _alternative_timings(ctx: Context, test: ast.If) -> str | None:
    """An ``if``/``else`` whose branches are two ways to take the same sample (both append to one container), one of
    which synchronizes the device and the other does not (``if <cupy input>: end.record(); sync; times.append(
    elapsed(start, end))`` / ``else: times.append(time.perf_counter() - t0)``): the test chooses the device, the
    waiting branch is the GPU path ("cuda" when it is the ``if`` branch, "cpu" when it is the ``else``)."""
    if not test.orelse:
        return None
    memo = ctx.__dict__.setdefault("_wp_alt_timings", {})  # once per `if`: every region inside it asks
    if id(test) not in memo:
        memo[id(test)] = _alternative_side(ctx, test)
    return memo[id(test)]


def _alternative_side(ctx: Context, test: ast.If) -> str | None:
    def facts(block: list) -> tuple[set, bool]:
        sinks, waits = set(), False
        for st in block:
            for n in ast.walk(st):
                if isinstance(n, ast.Call):
                    if isinstance(n.func, ast.Attribute) and n.func.attr == "append":
                        sinks.add(dotted(n.func.value))
                    waits = waits or ctx.is_sync(n, hidden=False)
        return sinks - {None}, waits

    (body_sinks, body_waits), (else_sinks, else_waits) = facts(test.body), facts(test.orelse)
    if body_waits == else_waits or not body_sinks & else_sinks:
        return None
    return "cuda" if body_waits else "cpu"


def _after_cuda_exit(ctx: Context, block: list, node: ast.AST, ends: tuple) -> bool:
    """``node`` comes, in ``block``, after an ``if <cuda>: ...; return`` (no ``else``). Positions and the first such
    ``if`` are found once per block (a module body of thousands of statements is scanned once, not per region)."""
    cache = ctx.__dict__.setdefault("_wp_cuda_exit", {})
    key = (id(block), ends)
    if key not in cache:
        first = next((i for i, prev in enumerate(block) if isinstance(prev, ast.If) and not prev.orelse and
                      prev.body and isinstance(prev.body[-1], ends) and _device_side(prev.test, ctx) == "cuda"),
                     len(block))
        cache[key] = ({id(st): i for i, st in enumerate(block)}, first)
    pos, first = cache[key]
    i = pos.get(id(node))
    return i is not None and i > first


# (not a bare `gpu`: `args.gpu` is often a device index, 0 for the first GPU)
_GPU_FLAGS = frozenset({"cuda", "use_cuda", "use_gpu", "on_gpu", "on_cuda", "with_cuda", "with_gpu",
                        "run_on_gpu", "cuda_available", "gpu_available", "has_cuda", "has_gpu", "is_gpu", "is_cuda"})
_CPU_FLAGS = frozenset({"use_cpu", "on_cpu", "cpu_only", "run_on_cpu", "is_cpu", "force_cpu", "no_cuda"})


def _device_side(test: ast.AST, ctx: Context | None = None) -> str | None:
    """Which device a test selects when true: ``"cuda"`` (``device == "cuda"``, ``torch.cuda.is_available()``,
    ``x.is_cuda``, ``args.cuda``), ``"cpu"`` (``device == "cpu"``, ``not torch.cuda.is_available()``), or None; a
    name bound only to such a test (``use_cuda = torch.cuda.is_available()``) is that test."""
    if ctx is not None and isinstance(test, ast.Name) and ctx.assigns.get(test.id):
        values = ctx.assigns.get(test.id) or []
        sides = {_device_side(v) for v in values}
        return sides.pop() if len(sides) == 1 and values else None
    if isinstance(test, (ast.Name, ast.Attribute)):  # a flag parameter or option: `use_gpu`, `args.cuda`
        last = (test.id if isinstance(test, ast.Name) else test.attr).lower()
        return "cuda" if last in _GPU_FLAGS else ("cpu" if last in _CPU_FLAGS else None)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        side = _device_side(test.operand, ctx)
        return {"cuda": "cpu", "cpu": "cuda"}.get(side or "")
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        flag = _flag_compare(test, ctx)
        if flag is not None:
            return flag
        consts = [n.value.lower() for n in (test.left, *test.comparators)
                  if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        if len(consts) != 1:
            return None
        dev = "cuda" if consts[0].startswith("cuda") else ("cpu" if consts[0] == "cpu" else None)
        if dev is None:
            return None
        if isinstance(test.ops[0], (ast.Eq, ast.In, ast.Is)):
            return dev
        if isinstance(test.ops[0], (ast.NotEq, ast.NotIn, ast.IsNot)):
            return "cpu" if dev == "cuda" else "cuda"
        return None
    if isinstance(test, ast.Call):
        return "cuda" if (dotted(test.func) or "").endswith("cuda.is_available") else None
    if isinstance(test, ast.Attribute) and test.attr == "is_cuda":
        return "cuda"
    return None


def _flag_compare(test: ast.Compare, ctx: Context | None) -> str | None:
    """A GPU or CPU flag compared with a number or a bool (``args.cuda == 1``, ``use_gpu == True``, ``args.cuda != 0``,
    an ``--cuda`` option of type ``int``; set 186): the flag's side when the comparison says it is set, the other
    side when it says it is not."""
    a, b = test.left, test.comparators[0]
    if isinstance(a, ast.Constant):
        a, b = b, a
    if not (isinstance(b, ast.Constant) and isinstance(b.value, (bool, int)) and b.value in (0, 1) and
            isinstance(a, (ast.Name, ast.Attribute))):
        return None
    side = _device_side(a, ctx)
    if side is None:
        return None
    op = test.ops[0]
    if isinstance(op, (ast.Eq, ast.Is)):
        on = bool(b.value)
    elif isinstance(op, (ast.NotEq, ast.IsNot)):
        on = not b.value
    else:
        return None
    return side if on else {"cuda": "cpu", "cpu": "cuda"}[side]


# ---------------------------------------------------------------- what a timing helper is handed
def passed_values(ctx: Context, fn: ast.AST, param: str) -> list[tuple[ast.AST, ast.Call]] | None:
    """The values the file's calls of function ``fn`` pass for its parameter ``param`` (positional or keyword,
    through ``functools.partial`` too), each with its call; None when a call does not show it (``*args``, a
    default) or there is none."""
    args = getattr(fn, "args", None)
    name = getattr(fn, "name", None)
    if args is None or name is None:
        return None
    pos = [a.arg for a in (*args.posonlyargs, *args.args)]
    if pos and pos[0] in ("self", "cls"):
        pos = pos[1:]
    index = pos.index(param) if param in pos else None
    out: list[tuple[ast.AST, ast.Call]] = []
    for c in call_sites(ctx, name):
        callee, shift = c.func, 0
        if (ctx.call_name(c) or "").endswith("partial") and c.args:
            callee, shift = c.args[0], 1
        if dotted(callee) not in (name, f"self.{name}", f"cls.{name}"):
            continue
        kw = [k.value for k in c.keywords if k.arg == param]
        if kw:
            out.append((kw[0], c))
        elif index is not None and index + shift < len(c.args) and \
                not any(isinstance(a, ast.Starred) for a in c.args[:index + shift + 1]):
            out.append((c.args[index + shift], c))
        else:
            return None
    return out or None


def shows_gpu_work(ctx: Context, v: ast.AST, depth: int = 0) -> bool:
    """A callable value (handed to a timing helper) shown to run GPU work: a lambda whose body does, a function or
    model of the file known to, a compiled function, ``partial(f, ...)`` of one, or a name bound to one of them."""
    if depth > 4:
        return False
    if isinstance(v, ast.Lambda):
        return any((isinstance(n, ast.Call) and ctx.is_gpu_work(n)) or ctx.is_matmul_on_gpu(n) or
                   ctx.is_array_op_on_gpu(n) for n in ast.walk(v.body))
    if isinstance(v, ast.Call):
        if (ctx.call_name(v) or "").endswith("partial") and v.args:
            return shows_gpu_work(ctx, v.args[0], depth + 1)
        return ctx.is_gpu_work(v)  # make_step(model): a factory handed GPU work... or returning it
    d = dotted(v)
    if d is None:
        return False
    if d in ctx._gpu_callables or ctx.is_compiled(d) or model_on_gpu(ctx, d):  # type: ignore[attr-defined]
        return True
    q = ctx.qualname(v) or ""
    if q.startswith(("torch.", "cupy.", "cupyx.", "triton.", "numba.cuda.", "jax.")) and \
            not q.startswith(("torch.cuda.synchronize",)):
        return True
    name = v.attr if isinstance(v, ast.Attribute) else v.id if isinstance(v, ast.Name) else None
    if name in ctx.functions and ctx.gpu_work_in(ctx.nodes_in(ctx.functions[name])):
        return True  # bench(self.step), bench(step): a function or method of the file doing GPU work (`x @ w`)
    if isinstance(v, ast.Attribute):
        base = dotted(v.value)
        return base is not None and (base in ctx._gpu_callables or model_on_gpu(ctx, base))  # type: ignore
    return any(shows_gpu_work(ctx, w, depth + 1) for w in ctx.assigns.get(d, ()))


def param_call_shown(ctx: Context, call: ast.Call) -> bool | None:
    """``fn(...)`` where ``fn`` is a parameter of the enclosing function: True when some caller of that function
    passes a callable shown to run GPU work (or hands it GPU data along), False when the callers are all seen and none is, None when no call of
    the function shows what it is handed (a library's helper)."""
    if not isinstance(call.func, ast.Name):
        return None
    scope = call._wp_stmt._wp_scope  # type: ignore[attr-defined]
    if call.func.id not in scope.params:
        return None
    from .._synthetic_scopes import defining_scope

    scope = defining_scope(scope, call.func.id)  # `timeit.Timer(fn)` in `def bench(fn, ...)`: `bench`'s callers
    out = _param_shown(ctx, scope, call.func.id, 0)
    if out is None:  # no caller in the file: a helper of the project, judged by what its users hand it
        from .._project_users import project_param_shown

        out = project_param_shown(ctx, scope.node, call.func.id)
    return out


def _param_shown(ctx: Context, scope, param: str, depth: int) -> bool | None:
    """What the callers of ``scope``'s function hand its parameter ``param``: a callable or data shown on the GPU
    (True), nothing shown (False), or no caller seen (None). A value that is itself a parameter of the caller
    (``run_all(fn)`` handing ``fn`` on to ``bench(fn, x)``) is looked up in that caller's callers in turn."""
    values = passed_values(ctx, scope.node, param)
    if values is None:
        return None
    for v, c in values:
        if _waits_itself(ctx, v):
            continue  # `lambda: step(x)` where `step` synchronizes before it returns: its work is waited for
        if shows_gpu_work(ctx, v) or any(_on_gpu_value(ctx, a) for a in [*c.args, *(k.value for k in c.keywords)]
                                         if a is not v):
            return True
        outer = getattr(getattr(c, "_wp_stmt", None), "_wp_scope", None)
        if depth < 3 and isinstance(v, ast.Name) and outer is not None and v.id in outer.params and \
                _param_shown(ctx, outer, v.id, depth + 1) is not False:
            return True  # handed on from the caller's own parameter: shown there, or not known (kept strong)
    return False


def _waits_itself(ctx: Context, v: ast.AST) -> bool:
    """A callable handed to a helper that waits for the device before it returns: a function of the file that
    synchronizes after its own work, or a lambda calling one (``lambda: step(x)``, ``step`` ending in
    ``torch.cuda.synchronize()``)."""
    if isinstance(v, ast.Lambda):
        v = v.body.func if isinstance(v.body, ast.Call) else v.body
    name = dotted(v)
    return name is not None and name in ctx.functions and name in ctx._syncing_functions(False)  # type: ignore


def _on_gpu_value(ctx: Context, a: ast.AST) -> bool:
    """An argument handed along with the callable that is shown to live on the GPU (``bench(fn, x_cuda)``,
    ``bench(generate, ids, model)`` with the model put on the GPU)."""
    if isinstance(a, ast.Starred):
        a = a.value
    if ctx.placement(a) == "cuda":
        return True
    if (isinstance(a, ast.Constant) and isinstance(a.value, str)) or \
            (isinstance(a, ast.Call) and ctx.call_name(a) == "torch.device"):
        return ctx._device_value(a) == "cuda"  # bench(model, loader, "cuda"): the device the helper runs it on
    # (set 59: `bench_inf(model, loader, "cpu")` then `bench_inf(model, loader, "cuda")`)
    d = dotted(a)
    return d is not None and model_on_gpu(ctx, d)


# ---------------------------------------------------------------- which GPU (device ordinals)
_CPU = "cpu"
_CUR = "current"  # a plain "cuda": the current device, whichever it is


def cuda_index(ctx: Context, expr: ast.AST, depth: int = 0, tensor: bool = False) -> int | str | None:
    """The CUDA device a device expression names (or, with ``tensor``, a tensor or model lives on): its ordinal
    (``"cuda:1"``, ``torch.device("cuda", 2)``, ``.cuda(1)``, ``.to(device)`` with such a device), ``"current"``
    for a plain ``"cuda"``, ``"cpu"``, or None (unknown). Alternatives chosen at run time between one GPU and the
    CPU name that GPU (``torch.device("cuda:1") if ... else torch.device("cpu")``); names follow the bindings that
    reach the use. A number is a device only where a device is expected (``.to(1)``), not as an operand."""
    if depth > 12:
        return None
    memo = ctx.__dict__.setdefault("_wp_cuda_index", {})
    key = (id(expr), tensor)
    if key not in memo:
        memo[key] = None  # a cycle through names reads unknown
        memo[key] = _cuda_index(ctx, expr, depth, tensor)
    return memo[key]


def _cuda_index(ctx: Context, expr: ast.AST, depth: int, tensor: bool) -> int | str | None:
    if isinstance(expr, ast.Constant):
        v = expr.value
        if tensor or isinstance(v, bool):
            return None
        if isinstance(v, int):
            return v
        if isinstance(v, str):
            low = v.lower()
            if low == "cuda":
                return _CUR
            if low.startswith("cuda:") and low[5:].isdigit():
                return int(low[5:])
            return _CPU if low == "cpu" else None
        return None
    if isinstance(expr, ast.IfExp):
        return _one([cuda_index(ctx, expr.body, depth + 1, tensor), cuda_index(ctx, expr.orelse, depth + 1, tensor)])
    if isinstance(expr, ast.Subscript):
        return cuda_index(ctx, expr.value, depth + 1, tensor)
    if isinstance(expr, ast.BinOp):
        return _one([cuda_index(ctx, expr.left, depth + 1, True), cuda_index(ctx, expr.right, depth + 1, True)],
                    operands=True)
    if isinstance(expr, ast.UnaryOp):
        return None if not tensor else cuda_index(ctx, expr.operand, depth + 1, True)
    if isinstance(expr, ast.Name):
        values = _reaching_values(ctx, expr)
        if values is None:
            return None
        return _one([cuda_index(ctx, v, depth + 1, tensor) if v is not None else None for v in values])
    if isinstance(expr, ast.Attribute):
        d = dotted(expr)
        values = ctx.assigns.get(d, []) if d is not None else []
        return _one([cuda_index(ctx, v, depth + 1, tensor) for v in values]) if values else None
    if not isinstance(expr, ast.Call):
        return None
    q, m = ctx.call_name(expr) or "", ctx.method(expr)
    if q == "torch.device" and expr.args:
        if len(expr.args) > 1:
            return cuda_index(ctx, expr.args[1], depth + 1)
        return cuda_index(ctx, expr.args[0], depth + 1)
    if not tensor:
        return None
    if m == "cuda":
        arg = expr.args[0] if expr.args else next((k.value for k in expr.keywords if k.arg == "device"), None)
        return _CUR if arg is None else _gpu_only(cuda_index(ctx, arg, depth + 1))
    if m in ("cpu", "numpy", "tolist", "item"):
        return _CPU
    dev = next((k.value for k in expr.keywords if k.arg == "device"), None)
    if m == "to":
        for a in [*expr.args, *([dev] if dev is not None else [])]:
            i = cuda_index(ctx, a, depth + 1)
            if i is not None:
                return i
            if dotted(a) is not None and not (ctx.qualname(a) or "").startswith("torch."):
                return None  # .to(something unknown)
        return cuda_index(ctx, expr.func.value, depth + 1, True)  # type: ignore[attr-defined]  # .to(torch.float16)
    if dev is not None:
        return cuda_index(ctx, dev, depth + 1)
    if m is not None and m not in ctx.functions:  # x.float(), model.eval(), y.sum(): where the receiver lives
        return cuda_index(ctx, expr.func.value, depth + 1, True)  # type: ignore[attr-defined]
    if q.startswith("torch.") and expr.args:
        return _one([cuda_index(ctx, a, depth + 1, True) for a in expr.args], operands=True)
    return None


def _gpu_only(i: int | str | None) -> int | str | None:
    return None if i == _CPU else i


def _one(vals: list, operands: bool = False) -> int | str | None:
    """Alternatives (or operands, of which constants are not tensors): the CPU ones dropped, one device left."""
    if operands:
        vals = [v for v in vals if v is not None] or [None]
    gpus = [v for v in vals if v != _CPU]
    if not gpus:
        return _CPU if vals else None
    if any(v is None for v in gpus) or any(v != gpus[0] for v in gpus):
        return None
    return gpus[0]


def _reaching_values(ctx: Context, use: ast.Name) -> list[ast.AST | None] | None:
    """The values of the bindings of ``use`` that can reach it: the latest one before it in its scope and, when that
    one sits in an ``if``, the other bindings of the same ``if`` (its other branch); None for loop targets, tuple
    targets and names the scope does not bind before the use (a parameter, a global bound elsewhere)."""
    from .._placement import _outer_if

    stmt = getattr(use, "_wp_stmt", None)
    if stmt is None:
        return None
    sts = [st for st in ctx.scope_assigns(use.id, stmt._wp_scope) if st._wp_idx < stmt._wp_idx]  # type: ignore
    if not sts:
        scope = stmt._wp_scope  # type: ignore[attr-defined]
        if use.id in scope.params or getattr(scope, "node", None) is None:
            return None
        mod = [st for st in ctx.assign_stmts.get(use.id, ()) if getattr(st._wp_scope, "node", None) is ctx.tree]
        return [_bound_value(st, use.id) for st in mod] or None  # a module global read in a function
    latest = max(sts, key=lambda st: st._wp_idx)  # type: ignore[attr-defined]
    chosen = [latest]
    branch = _outer_if(latest, stmt)
    if branch is not None:
        chosen += [st for st in sts if st is not latest and branch._wp_idx < st._wp_idx <= branch._wp_end]  # type: ignore
    return [_bound_value(st, use.id) for st in chosen]


def _bound_value(st: ast.stmt, name: str) -> ast.AST | None:
    if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in st.targets):
        return st.value
    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], (ast.Tuple, ast.List)) and \
            isinstance(st.value, (ast.Tuple, ast.List)) and len(st.value.elts) == len(st.targets[0].elts):
        for t, v in zip(st.targets[0].elts, st.value.elts):  # `a, b = x.to(dev), y.to(dev)`
            if isinstance(t, ast.Name) and t.id == name and not isinstance(v, ast.Starred):
                return v
    if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.value is not None:
        return st.value
    return None


def work_device(ctx: Context, node: ast.AST) -> int | str | None:
    """The device a unit of GPU work runs on, from its operands and its callee (a model's own device): one ordinal,
    ``"current"``, or None when the operands disagree or are unknown."""
    if isinstance(node, ast.BinOp):
        return _gpu_only(cuda_index(ctx, node, tensor=True))
    if not isinstance(node, ast.Call):
        return None
    vals = [cuda_index(ctx, a, tensor=True) for a in node.args]
    f = node.func
    if isinstance(f, ast.Attribute):
        vals.append(cuda_index(ctx, f.value, tensor=True))
    elif isinstance(f, ast.Name) and f.id not in ctx.functions and not (ctx.call_name(node) or "").startswith("torch."):
        vals.append(cuda_index(ctx, f, tensor=True))  # model(x): where the model was put
    known = [v for v in vals if v not in (None, _CPU)]
    if not known or any(v != known[0] for v in known):
        return None
    return known[0]


def returns_aot_executable(ctx: Context, name: str) -> bool:
    """``name`` is a function of the file whose every ``return`` gives ``<...>.lower(...).compile()`` (a JAX
    ahead-of-time compile): calling it is compilation, host work that returns when done, timed on purpose."""
    fn = ctx.functions.get(name)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    rets = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]

    def aot(v: ast.AST | None) -> bool:
        return isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "compile" and \
            isinstance(v.func.value, ast.Call) and isinstance(v.func.value.func, ast.Attribute) and \
            v.func.value.func.attr == "lower"
    return bool(rets) and all(aot(rt.value) for rt in rets)
