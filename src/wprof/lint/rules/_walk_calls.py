"""What the warm-up walk (``_first_run``) asks about one call: whose method it runs, whether it uses the GPU (the
CUDA context), whether it is compiled on its first call, whether an object counts as run, which functions are
harnesses of their own, and the order a statement's calls run in. Split out of ``_first_run`` (eighth session);
output unchanged."""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._walk import defined_method, stmt_calls


_SETUP = frozenset({"eval", "train", "to", "cuda", "cpu", "half", "float", "bfloat16", "double", "requires_grad_",
                    "parameters", "named_parameters", "state_dict", "load_state_dict", "zero_grad", "modules",
                    "named_modules", "children", "apply", "register_forward_hook", "register_buffer", "share_memory",
                    "config", "numel", "size", "dim", "type", "get_input_embeddings", "set_backend",
                    # a model's embeddings resized or tied, checkpointing switched: new weights, no forward pass
                    "resize_token_embeddings", "tie_weights", "get_output_embeddings",
                    "gradient_checkpointing_enable", "gradient_checkpointing_disable"})

# methods that save, describe or configure a model without running its forward pass (`pipe.save_pretrained(...)`,
# `pipe.enable_attention_slicing()`, `model.set_default_attn_processor()`): a call of one does not warm the model
_NO_RUN_PREFIXES = ("save", "set_", "enable_", "disable_", "register_", "push_to_hub", "print_", "to_json", "to_dict")


# methods of an ONNX Runtime session that describe it (``session.get_inputs()[0].name`` to build the feed dict):
# they read the model's metadata, run no inference
_DESCRIBES = frozenset({"get_inputs", "get_outputs", "get_overridable_initializers", "get_modelmeta", "get_providers",
                        "get_provider_options", "get_session_options"})


def runs_nothing(attr: str) -> bool:
    """A method call ``obj.attr(...)`` that does not run ``obj``'s work (setup, saving, configuring, describing)."""
    return attr in _SETUP or attr in _DESCRIBES or attr.startswith(_NO_RUN_PREFIXES)


# library calls that take an object without running it (they bind, wrap or copy it)
_BINDS_ONLY = frozenset({"types.MethodType", "functools.partial", "functools.partialmethod", "functools.wraps",
                         "functools.update_wrapper", "weakref.ref", "weakref.proxy", "copy.copy", "copy.deepcopy"})
_HOST_BUILTINS = frozenset({"print", "len", "range", "enumerate", "zip", "isinstance", "hasattr", "getattr", "setattr",
                            "str", "int", "float", "list", "tuple", "dict", "set", "sorted", "type", "id", "repr",
                            "format", "min", "max", "sum", "abs", "round", "iter", "next", "open", "super"})


def _instance_of(ctx: Context, v: ast.AST, env: dict, w) -> str | None:
    """``Test().cuda()``, ``nn.Linear(4, 4).to(dev)``: the class (of the program, or a library's module class) a
    new instance is made of; None for anything else."""
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in _SETUP:
        v = v.func.value
    if not isinstance(v, ast.Call) or not isinstance(v.func, (ast.Name, ast.Attribute)):
        return None
    name = dotted(v.func) or ""
    last = name.rsplit(".", 1)[-1]
    if last in ctx.classes or (last[:1].isupper() and (ctx.call_name(v) or "").startswith("torch.nn.")):
        return ctx.call_name(v) or name
    return None


def _method(ctx: Context, key: str, name: str) -> tuple | None:
    """The method ``name`` of the class of the file an instance identity (``CheckedBench()#4``) was made of."""
    cls = ctx.classes.get(key.partition("()#")[0].rsplit(".", 1)[-1])
    m = defined_method(cls, name)
    return (ctx, m) if m is not None else None


_GPU_LIBS = ("cupy.", "cupyx.", "torch.cuda.", "numba.cuda.", "pycuda.", "triton.", "cuda.")


def pins_host_memory(ctx: Context, c: ast.Call) -> bool:
    """``t.pin_memory()`` of a program that uses torch: torch pins through the CUDA driver's host allocator, which
    initializes CUDA on its first use (the CUDA context, like the first `.cuda()`), and nothing runs on the GPU."""
    return ctx.method(c) == "pin_memory" and not c.args and not c.keywords and ctx.imports_torch


def gpu_use(ctx: Context, c: ast.Call, direct: bool = False) -> bool:
    """``c`` uses the GPU (creates the CUDA context if nothing did before): a GPU library's call, a copy to the GPU,
    a tensor made on it, a kernel launch, GPU work (not with ``direct``: only the calls that name the GPU)."""
    q = ctx.call_name(c) or ""
    if q.startswith(_GPU_LIBS) or isinstance(c.func, ast.Subscript):
        return True
    if pins_host_memory(ctx, c):
        return True  # `a.pin_memory()`: page-locked memory through the CUDA driver (it creates the CUDA context)
    from ._trainer_runs import trainer_run_call

    if not direct and trainer_run_call(ctx, c):
        return True  # `trainer.train()` of a library trainer: it trains on the GPU
    if ctx.method(c) in ("cuda", "to") or any(k.arg == "device" for k in c.keywords):
        return ctx.placement(c) == "cuda"
    if not direct and any(k.arg == "device_map" and not (isinstance(k.value, ast.Constant) and
                                                        str(k.value.value).lower() in ("cpu", "none")) for k in c.keywords):
        return True  # `from_pretrained(name, device_map={"": 0})`: the weights are loaded onto the GPU
    if not direct and dali_on_gpu(ctx, c):
        return True  # `pipe = TrainPipe(batch_size=256, device_id=0)`: DALI opens the device
    return not direct and ctx.is_gpu_work(c) and ctx.placement(c) == "cuda"


def dali_on_gpu(ctx: Context, c: ast.Call) -> bool:
    """A DALI pipeline or iterator built for a GPU (``HybridPipe(batch_size=256, device_id=0)`` of a class of the file
    derived from ``nvidia.dali.pipeline.Pipeline``, ``Pipeline(..., device_id=local_rank)``): DALI opens the device
    when it builds the pipeline and its iterators run it at once (the first batch is prefetched into device memory),
    so the CUDA context exists before a loop over its batches."""
    q = ctx.call_name(c) or ""
    if not q.startswith("nvidia.dali."):
        cls = ctx.classes.get(q)
        if cls is None or not any((ctx.qualname(b) or "").startswith("nvidia.dali.") for b in cls.bases):
            return False
    dev = next((k.value for k in c.keywords if k.arg == "device_id"), None)
    return dev is not None and not (isinstance(dev, ast.Constant) and dev.value is None)


def _maybe_placed_on_gpu(ctx: Context, c: ast.Call) -> bool:
    """``model.to(device)`` with ``device = torch.device("cuda:%d" % args.gpu) if ... else "cpu"``: a move to a
    device chosen at run time that may be the GPU; after it the program's first GPU call (the CUDA context) may have
    happened (only WP103's "first GPU call" asks)."""
    if ctx.method(c) not in ("cuda", "to") and not any(k.arg == "device" for k in c.keywords):
        return False
    if ctx.placement(c) == "cpu":
        return False
    if ctx.method(c) == "cuda":
        return True
    args = [*c.args[:1], *(k.value for k in c.keywords if k.arg == "device")]
    return any(re.search(r"dev|cuda|gpu", ctx.text(a), re.I) for a in args)


def _compiled_call(ctx: Context, c: ast.Call, key: str) -> bool:
    """``c`` calls a compiled callable: by its own name, or through an identity whose name is compiled
    (``step_fn(...)`` with ``step_fn`` bound to ``step = torch.compile(...)``)."""
    from ._common import callee_key

    return ctx.is_compiled(callee_key(c)) or ctx.is_compiled(key.split("#")[0]) or \
        (isinstance(c.func, ast.Name) and _compiled_name(ctx, key.split("#")[0]))


def _compiled_name(ctx: Context, name: str) -> bool:
    """Some assignment of ``name`` in the file holds a compile call (``step = torch.compile(f) if flag else f``)."""
    from .._infer import _aot_compiled, maybe_disabled
    from .._names import COMPILERS

    memo = ctx.__dict__.setdefault("_wp_compiled_name", {})  # once per name: a long module binds it many times
    if name not in memo:  # (`jax.jit(f).lower(x).compile()` compiled ahead of time, where it is bound: not lazily)
        memo[name] = any(isinstance(n, ast.Call) and ctx.call_name(n) in COMPILERS and not maybe_disabled(n)
                         for v in ctx.assigns.get(name, []) if not (isinstance(v, ast.Call) and _aot_compiled(v))
                         for n in ast.walk(v))
    return memo[name]


def _prepares_placed_model(ctx: Context, c: ast.Call) -> bool:
    """``model.quantize()`` on a model put on the GPU (``from_pretrained(...).cuda()``, ``device_map=...``): a method
    given no input whose result is dropped transforms or configures the model; it runs no forward pass, so it does
    not warm the model's ``generate``/``forward``/``__call__`` (a method that says it warms or runs does)."""
    if c.args or c.keywords or not isinstance(getattr(c, "_wp_parent", None), ast.Expr):
        return False
    name = c.func.attr.lower()  # type: ignore[attr-defined]
    if any(w in name for w in ("warm", "run", "capture", "generate", "forward", "call", "step", "infer", "predict",
                               "bench", "profile", "test", "sample", "execute")):
        return False
    base = c.func.value  # type: ignore[attr-defined]
    return isinstance(base, ast.Name) and ctx._placed_model(base.id)


def _head(e: ast.AST) -> str | None:
    while isinstance(e, (ast.Attribute, ast.Subscript, ast.Call)):
        e = e.func if isinstance(e, ast.Call) else e.value
    return e.id if isinstance(e, ast.Name) else None


def _ran(key: str, ran: set) -> bool:
    """``key`` ran, or the object it is a method or part of did (``pipe.unet`` after ``pipe(...)``,
    ``runner.execute_model`` after ``runner.capture_model()``)."""
    parts = key.split(".")
    if any(".".join(parts[:i]) in ran for i in range(1, len(parts) + 1)):
        return True
    cls, sep, rest = key.partition("()#")  # another instance of the same module class ran: its kernels are loaded
    return bool(sep) and cls + "()" + ("." + rest.split(".", 1)[1] if "." in rest else "") in ran


def _harness_def(d: tuple, depth: int = 2) -> bool:
    """A function of the program that loops, reads a clock or runs a benchmark harness: a program or a harness of
    its own (its first call is its business, its regions are judged where they are), not one piece of work."""
    from ._common import _harness, benchmarks_itself

    from ._common import _fn_data_driven

    dctx, fn = d
    if benchmarks_itself(dctx, fn.name) or _harness(dctx, fn) or _fn_data_driven(dctx, fn):
        return True
    return depth > 0 and any(isinstance(c.func, (ast.Name, ast.Attribute)) and
                             dotted(c.func) not in dctx._cuda_ufuncs and  # (a GPU ufunc's body is its kernel)
                             isinstance(g := dctx.functions.get(dotted(c.func).rsplit(".", 1)[-1] if dotted(c.func)
                                                                else ""), ast.FunctionDef) and g is not fn and
                             _harness_def((dctx, g), depth - 1) for c in dctx.calls_in_function(fn))


def _evaluation_order(s: ast.stmt) -> list[ast.Call]:
    """The calls of ``s`` in the order Python runs them: a call's receiver and arguments before the call
    (``Runner(n).bench()``: the instance is built first; ``print(f(x))``: ``f`` runs before ``print``)."""
    cached = getattr(s, "_wp_eval_calls", None)
    if cached is None:
        cached = sorted(stmt_calls(s), key=lambda c: (getattr(c, "end_lineno", c.lineno) or c.lineno,
                                                      getattr(c, "end_col_offset", c.col_offset) or 0))
        s._wp_eval_calls = cached  # type: ignore[attr-defined]
    return cached


def _in_lambda(c: ast.AST) -> bool:
    p = getattr(c, "_wp_parent", None)
    while p is not None and not isinstance(p, ast.stmt):
        if isinstance(p, ast.Lambda):
            return True
        p = getattr(p, "_wp_parent", None)
    return False


_CLOCK_READS = ("perf_counter", "perf_counter_ns", "time", "time_ns", "monotonic", "record", "elapsed_time")


def _may_skip_sample(test_if: ast.If) -> bool:
    """An ``if`` on the loop variable that can leave the first iteration's work or sample out: a branch ends the
    iteration (``if i == -1: continue``) or holds the timing itself (``if i >= warmup: times.append(dt)``,
    ``total += dt``, a clock read). A test that only chooses what to build (``if impl == EAGER: model = A()``) or
    stops the loop (``if i + bs > n: break``: a first iteration that broke would time nothing) skips nothing."""
    todo: list[tuple[ast.AST, bool]] = [(n, False) for n in list(test_if.body) + list(test_if.orelse)]
    while todo:
        n, nested = todo.pop()  # (nested: inside a loop of the branch, whose `continue` is its own)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(n, ast.AugAssign) or (isinstance(n, ast.Continue) and not nested):
            return True
        if isinstance(n, ast.Call):
            name = (dotted(n.func) or getattr(n.func, "attr", "") or "").rsplit(".", 1)[-1]
            if name in ("append", "extend") or name in _CLOCK_READS:
                return True
        inner = nested or isinstance(n, (ast.For, ast.AsyncFor, ast.While))
        todo.extend((c, inner) for c in ast.iter_child_nodes(n))
    return False


def never_runs(ctx, loop: ast.stmt, env: dict) -> bool:
    """``for _ in range(n)`` whose count the code shows to be 0 or less as the program is written: a literal or a
    name bound once (``num_warmup_steps = 0``), a parameter bound to one at the call or by its default
    (``def measure(fn, x, warmup=0)`` called without ``warmup``), or a command-line option's default
    (``--num-warmup-iterations`` with ``default=0``): its body never runs (a warm-up loop that warms nothing)."""
    from ._walk_values import loop_count

    n = loop_count(ctx, loop, env)
    if n is None and isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and \
            dotted(loop.iter.func) == "range" and len(loop.iter.args) == 1:
        n = _option_count(ctx, loop.iter.args[0])
    return n is not None and n <= 0


def _option_count(ctx, e: ast.AST) -> int | None:
    """The default of the command-line option ``e`` reads (``args.warmup``, or a name bound once to it)."""
    from ._cli_defaults import cli_default

    if isinstance(e, ast.Name):
        vals = ctx.assigns.get(e.id, [])
        e = vals[0] if len(vals) == 1 else e
    d = cli_default(ctx, e) if isinstance(e, ast.Attribute) else None
    return d.value if isinstance(d, ast.Constant) and type(d.value) is int else None


def _nothing_to_run_on(ctx, c: ast.Call, obj: ast.Name, handed: list) -> bool:
    """A library call made as a statement, handed the object ``obj`` names and nothing it could run it on: every
    other argument is a constant, a class, an option (``args.bits``) or a function (``quantize(model, bits=4)``,
    ``replace_module(model, Attention)``): it rewrites the model in place, it cannot run its forward without an
    input. A call that runs a model on inputs it makes itself
    (``torchinfo.summary(model, input_size=...)``, ``_library_runs.RUNS_FORWARD``) is not one of these."""
    from ._library_runs import RUNS_FORWARD

    st = getattr(c, "_wp_stmt", None)
    if not (isinstance(st, ast.Expr) and st.value is c):
        return False  # a wrapper built around it (`fast = torch.compile(net)`, `ddp = DDP(model)`) runs it later
    if ctx.call_name(c) in RUNS_FORWARD or isinstance(c.func, ast.Name) and c.func.id in ctx.functions:
        return False
    for a in handed:
        if a is obj:
            continue
        if isinstance(a, ast.Constant) or (isinstance(a, ast.Attribute) and isinstance(a.value, ast.Name) and
                                           a.value.id == "args"):
            continue
        if isinstance(a, ast.Name) and (a.id in ctx.classes or a.id in ctx.functions or
                                        (a.id in ctx.imports and a.id[:1].isupper())):
            continue
        return False
    return len(handed) > 0


def _option_value(ctx, a: ast.AST) -> bool:
    """``a`` holds a plain value, not an object that runs: a command-line option (``args.model``), or a name bound
    only to constants, f-strings or options (``model_name = args.model``). A model built from it
    (``from_pretrained(model_name)``) is not a wrapper of anything that ran."""
    def plain(e: ast.AST) -> bool:
        return isinstance(e, (ast.Constant, ast.JoinedStr)) or (
            isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "args")

    if plain(a):
        return True
    vals = ctx.assigns.get(a.id, []) if isinstance(a, ast.Name) else []
    return bool(vals) and all(plain(v) for v in vals)
