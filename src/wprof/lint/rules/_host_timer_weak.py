"""WP102's weak tier: regions whose GPU work is shown but whose end read may well cover it through something the
file does not show (a library pipeline's own host steps, a copy from the host, a wait every iteration, an opaque
compiled extension, a helper's callable no caller shows on the GPU). Reported only with `--extend-select extra`."""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._names import param_defaults
from .._walk import stmt_calls
from ._evidence import param_call_shown


def unshown_callables(ctx: Context, r) -> bool:
    """The region's only GPU work is calls of a callable parameter (``out = fn(arg)`` in a timing helper) and the
    file's calls of the helper are all seen and none passes a callable shown to run on the GPU (a lambda wrapping a
    CPU library's method, set 22): the work may be host work; weak."""
    from .._walk import stmt_nodes

    work = [n for s in r.stmts() for n in ctx.gpu_work_in(stmt_nodes(s))]
    return bool(work) and all(isinstance(w, ast.Call) and param_call_shown(ctx, w) is False for w in work)


def ends_in_pipeline(ctx: Context, r) -> bool:
    """The region's last GPU work is the call of a library pipeline object (``pipe(prompt, output_type="pt")`` of a
    diffusers pipeline, directly or through a function of the file): a pipeline runs host steps of its own (the
    scheduler's loop, a safety checker that copies the images to the host) that the file does not show, and what
    its call leaves queued is at most a small tail of many steps (sets 21-22: judged borderline); weak."""
    from .._walk import stmt_nodes

    last: list[ast.AST] = []
    for s in r.stmts():
        work = ctx.gpu_work_in(stmt_nodes(s))
        if work:
            last = work
    return bool(last) and all(isinstance(w, ast.Call) and _pipeline_call(ctx, w, 0) for w in last)


def _pipeline_call(ctx: Context, call: ast.Call, depth: int) -> bool:
    from .._context import dotted
    from .._walk import stmt_nodes

    f = call.func
    if isinstance(f, ast.Attribute) and f.attr in ("__call__", "forward"):
        f = f.value
    name = dotted(f)
    if name is None:
        return False
    if ctx._pipeline_object(name):  # type: ignore[attr-defined]
        return True
    fn = ctx.functions.get(name) if isinstance(f, ast.Name) else None
    if fn is None or depth > 2:
        return False
    last: list[ast.AST] = []
    for st in fn._wp_own_scope.stmts:  # type: ignore[attr-defined]
        work = ctx.gpu_work_in(stmt_nodes(st))
        if work:
            last = work
    return bool(last) and all(isinstance(w, ast.Call) and _pipeline_call(ctx, w, depth + 1) for w in last)


_TRANSFERS = ("cuda", "to")


def copy_then_elementwise(ctx: Context, r) -> bool:
    """The region's only GPU work is elementwise arithmetic on values it has just copied to the GPU
    (``x = img_transform(frame).unsqueeze(0).cuda() + 1``, ``im = im.to(device); im /= 255``): a copy from pageable
    host memory returns when it is done, after the work queued before it, so what is left unsynchronized is one
    small elementwise kernel (set 16: a pre-processing interval, judged borderline); weak."""
    from .._walk import stmt_nodes

    if r.inner_loops():
        return False  # `for _ in range(n): b += b`: many kernels, not one
    copied: set[str] = set()
    found = False
    for s in r.stmts():
        nodes = stmt_nodes(s)
        has_copy = any(isinstance(n, ast.Call) and ctx.method(n) in _TRANSFERS and ctx.placement(n) == "cuda"
                       for n in nodes)
        for w in ctx.gpu_work_in(nodes):
            if isinstance(w, ast.BinOp) and not isinstance(w.op, ast.MatMult) and any(
                    _from_copy(ctx, x, copied) for x in (w.left, w.right)):
                found = True
                continue
            if _before_copy(ctx, w):
                found = True
                continue  # x.unsqueeze(0) in x.unsqueeze(0).cuda(): done by the time the copy returns
            parent = getattr(w, "_wp_parent", None)
            if isinstance(parent, ast.AugAssign) and isinstance(parent.target, ast.Name) and \
                    parent.target.id in copied:
                found = True
                continue
            return False  # other GPU work: a kernel, a model, arithmetic on data already on the GPU
        if has_copy and isinstance(s, ast.Assign):
            copied |= {t.id for t in s.targets if isinstance(t, ast.Name)}
    return found


def _from_copy(ctx: Context, x: ast.AST, copied: set[str]) -> bool:
    """``x`` is (or holds) a copy to the GPU made in the region: ``img.cuda()``, ``t.unsqueeze(0).to(dev)``, or a
    name bound to one there."""
    while isinstance(x, ast.Call) and isinstance(x.func, ast.Attribute):
        if x.func.attr in _TRANSFERS and ctx.placement(x) == "cuda":
            return True
        x = x.func.value
    return isinstance(x, ast.Name) and x.id in copied


def _before_copy(ctx: Context, w: ast.AST) -> bool:
    node, parent = w, getattr(w, "_wp_parent", None)
    while isinstance(parent, (ast.Attribute, ast.Call)):
        if isinstance(parent, ast.Attribute) and parent.value is not node:
            return False
        if isinstance(parent, ast.Call):
            if parent.func is not node:
                return False
            if ctx.method(parent) in _TRANSFERS and ctx.placement(parent) == "cuda":
                return True
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def _last_gpu_stmt(ctx: Context, stmts: list[ast.stmt]) -> ast.stmt | None:
    """The last of the region's statements that does GPU work, or None."""
    from .._walk import stmt_nodes

    return next((st for st in reversed(stmts) if ctx.gpu_work_in(stmt_nodes(st))), None)


FEW_PASSES = 20  # fewer passes than this: the last one is a material share of the interval


def few_passes(ctx: Context, loop: ast.stmt, scope) -> bool:
    """The ``for`` loop is shown to run fewer than :data:`FEW_PASSES` passes: ``range(n)`` with a known ``n``, or a
    loop capped by a ``break`` (``for n, batch in enumerate(loader): ...; if n == 5: break``: six steps)."""
    if not isinstance(loop, (ast.For, ast.AsyncFor)):
        return False
    it = loop.iter
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and it.args:
        n = _count(ctx, it.args[-1] if len(it.args) < 3 else None, {}, it)
        if n is not None and n < FEW_PASSES:
            return True
    body = [b for b in scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]  # type: ignore[attr-defined]
            if b._wp_loops and b._wp_loops[-1] is loop]  # type: ignore[attr-defined]
    n = capped_steps(ctx, loop, body)
    return n is not None and n < FEW_PASSES


def waits_every_iteration(ctx: Context, r) -> bool:
    """The region's last GPU work sits in a loop of the region whose body waits for the device on every iteration
    (``for tok in next_token.cpu().tolist(): ...`` at the top of each decode step): the end read after the loop
    misses at most the last iteration's tail (set 25, a 500-step decode: judged borderline); weak."""
    stmts = r.stmts()
    last = _last_gpu_stmt(ctx, stmts)
    if last is None:
        return False
    loops = [lp for lp in stmts if isinstance(lp, (ast.For, ast.AsyncFor, ast.While)) and
             lp._wp_idx < last._wp_idx <= lp._wp_end]  # type: ignore[attr-defined]
    if not loops:
        return False
    loop = loops[0]  # the outermost: its iterations repeat everything after the wait
    if few_passes(ctx, loop, r.scope):
        return False  # `for _ in range(3)`: the last iteration is a third of the interval
    from .._region_syncs import waits_on_input
    from .._deep_waits import call_waits

    return any(any(ctx.is_sync(c) and not waits_on_input(c, r) for c in stmt_calls(b)) or  # (not `block_until_ready(
               ctx.branches_on_device(b)  # type: ignore[attr-defined]  # rng)` of an input: it waits for nothing)
               for b in loop.body) or \
        any(call_waits(ctx, c) for b in loop.body for c in stmt_calls(b))  # `env.step(a)` of a project class
    # that indexes with a boolean mask: waits inside called code, at any depth (deepwaits)


def capped_steps(ctx: Context, loop: ast.stmt, body: list[ast.stmt]) -> int | None:
    """The steps of ``for n, batch in enumerate(loader): ...; if n == 5: break`` (six): the loop's own body (``body``,
    its statements at any depth outside inner loops) leaves it on a test of the ``enumerate`` counter against a
    constant (``==``, ``>=``, ``>``) in a statement of its body itself (not under another test), whatever the loader's
    length; None when no such test caps it."""
    it = loop.iter  # type: ignore[attr-defined]
    target = loop.target  # type: ignore[attr-defined]
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate" and
            len(it.args) == 1 and not it.keywords and isinstance(target, ast.Tuple) and target.elts and
            isinstance(target.elts[0], ast.Name)):
        return None
    counter = target.elts[0].id
    if any(isinstance(x, ast.Name) and x.id == counter and isinstance(x.ctx, ast.Store) for b in body
           for x in ast.walk(b)):
        return None  # the counter is rebound in the loop: not the step count
    for st in body:
        if not (isinstance(st, ast.If) and getattr(st, "_wp_parent", None) is loop and st in loop.body and
                st.body and isinstance(st.body[-1], ast.Break) and not st.orelse):  # unconditional, at the top
            continue
        t = st.test
        if not (isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.left, ast.Name) and
                t.left.id == counter and isinstance(t.ops[0], (ast.Eq, ast.GtE, ast.Gt))):
            continue
        n = _count(ctx, t.comparators[0], {}, it)
        if n is not None and n >= 0:
            return n + (2 if isinstance(t.ops[0], ast.Gt) else 1)
    return None


def ends_in_opaque_extension(ctx: Context, r) -> bool:
    """The region's last GPU work is a call of a compiled extension whose sources are not visible
    (``prewitt_cuda.forward(img)``): whether it returns before its kernel is done is decided in its C++ entry, which
    the file does not show (set 24: one ending in ``cudaDeviceSynchronize()``); weak."""
    from .._walk import stmt_nodes

    last: list[ast.AST] = []
    prev = None
    for s in r.stmts():
        work = ctx.gpu_work_in(stmt_nodes(s))
        if work:
            last = last + work if prev is not None and _other_branch(prev, s) else work
            prev = s
    return bool(last) and all(opaque_extension_call(ctx, w) for w in last)


def _other_branch(a: ast.stmt, b: ast.stmt) -> bool:
    """``b`` sits in the ``else`` of an ``if`` whose body holds ``a`` (either may be the last work that runs)."""
    child, node = b, getattr(b, "_wp_parent", None)
    while isinstance(node, ast.stmt):
        if isinstance(node, ast.If) and child in node.orelse:
            up = a
            while up is not None and getattr(up, "_wp_parent", None) is not node:
                up = getattr(up, "_wp_parent", None)
            if up is not None and up in node.body:
                return True
        child, node = node, getattr(node, "_wp_parent", None)
    return False


# packages whose functions launch GPU work asynchronously like torch ops (or are torch ops): not opaque extensions
from .._wait_facts import KNOWN_LIBRARIES  # noqa: E402  (libraries whose semantics the linter knows)
from .._imported import unknown_module  # noqa: E402
# a module name that says it is a compiled extension (prewitt_cuda, pycudaexpr, my_ext, fused_cpp, _C)
_EXT_NAME = re.compile(r"(?i)cuda|cpp|_ext|ext_|^ext|_c$|^_c|_cu$|^cu_")


def opaque_extension_call(ctx: Context, call: ast.AST) -> bool:
    """``call`` runs a compiled extension (``import prewitt_cuda``: a top-level module whose name says so, neither a
    known GPU library nor one of the project's modules) whose C++/CUDA sources are not visible: the extension reader
    (``ctx.extension_entry_syncs``, lint/_extensions.py) cannot tell whether its entry waits for the device, and the
    file does not synchronize right after the same extension anywhere else (which would show its author treats it
    as asynchronous)."""
    if not isinstance(call, ast.Call):
        return False
    f = call.func
    root = f
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name) or root.id in ctx.functions:
        return False
    q = ctx.imports.get(root.id) or ctx.relative_imports.get(root.id)
    if q is None:
        return False
    module = q.rsplit(".", 1)[0] if isinstance(f, ast.Name) else q  # `from ext import fwd`: the module `ext`
    if "." in module or module in KNOWN_LIBRARIES or not _EXT_NAME.search(module):
        return False  # a package (utils.sampling), a known library, or a module whose name does not say extension
    if ctx.imported_def(f) is not None:
        return False  # a function of the project's own modules: read, not opaque
    if ctx.extension_entry_syncs(call) is not None:
        return False  # its sources are read: a wait is a sync, no wait is a strong finding
    return not _waited_elsewhere(ctx, module)


def _waited_elsewhere(ctx: Context, module: str) -> bool:
    """The file synchronizes explicitly right after a call of the same extension elsewhere (the next statement of
    its block): its author treats the extension's calls as asynchronous."""
    cache = ctx.__dict__.setdefault("_wp_ext_waited", {})
    if module in cache:
        return cache[module]
    out = False
    for c in ctx.calls:
        root = c.func
        while isinstance(root, ast.Attribute):
            root = root.value
        if not (isinstance(root, ast.Name) and (ctx.imports.get(root.id) or "").split(".")[0] == module):
            continue
        st = getattr(c, "_wp_stmt", None)
        scope = getattr(st, "_wp_scope", None)
        if st is None or scope is None:
            continue
        after = scope.stmts[st._wp_end + 1:st._wp_end + 2]
        if any(ctx._named_sync(x, ctx.call_name(x), ctx.method(x), False) for s in after for x in stmt_calls(s)):
            out = True
            break
    cache[module] = out
    return out


def whole_run_helper(ctx: Context, r) -> bool:
    """A one-off region (no loop of its own, not inside one) whose only GPU work is a call of a function that trains
    or walks data in loops of its own (``t0 = time.time(); train_model(device, epochs=100); t1 = ...``): a run's
    wall time of thousands of steps, off by at most the last one (set 28 FNN: judged borderline); weak. A loop of
    unknown length counts when it waits on every step (``main()`` of a training script: ``loss.item()`` each step)."""
    from .._walk import stmt_nodes
    from ._common import _fn_data_driven

    if r.loop is not None or r.inner_loops():
        return False
    work = [w for s in r.stmts() for w in ctx.gpu_work_in(stmt_nodes(s))]
    if not work:
        return False
    runs = 0
    for w in work:
        if not isinstance(w, ast.Call):
            if runs:
                continue  # `global_step += offset` on what the run returned: arithmetic, nothing next to the run
            return False
        d = ctx.callee_def(w)
        if d is None or d[0] is not ctx or not _fn_data_driven(*d):
            return False
        steps = _steps(ctx, d[1], w)
        runs += 1
        if steps is None and _waits_every_step(ctx, d[1]):
            continue  # main(): epochs over a loader of unknown length, `loss.item()` every step: off by one step
        if steps is None or steps < _MANY:
            return False  # `train(model)` over 3 batches: the last one is a third of the interval (set 16)
    return True


_MANY = 100


def _waits_every_step(ctx: Context, fn: ast.AST) -> bool:
    """A loop of ``fn`` over data (not a ``range``) waits for the device in its own body on every step
    (``average_loss += loss.item()``): a run of it is off by at most its last step."""
    from .._walk import stmt_calls
    from ._common import _range_like

    for st in fn._wp_own_scope.stmts:  # type: ignore[attr-defined]
        if isinstance(st, (ast.For, ast.AsyncFor, ast.While)) and \
                not (isinstance(st, (ast.For, ast.AsyncFor)) and _range_like(ctx, st.iter)):
            body = fn._wp_own_scope.stmts[st._wp_idx + 1:st._wp_end + 1]  # type: ignore[attr-defined]
            if any(ctx.is_sync(c) for s in body for c in stmt_calls(s)
                   if not isinstance(s, (ast.If, ast.For, ast.While, ast.With, ast.Try))):
                return True
    return False


def _steps(ctx: Context, fn: ast.AST, call: ast.Call) -> int | None:
    """How many steps the function's ``range`` loops run, multiplied (nested or not), their counts resolved from
    constants, the call's arguments or the defaults of the caller's and the function's parameters; None when a
    loop's count is not shown (or a loop is not a ``range``)."""
    args = getattr(fn, "args", None)
    if args is None:
        return None
    pos = [a.arg for a in (*args.posonlyargs, *args.args)]
    bound: dict[str, ast.AST] = param_defaults(args)
    for i, a in enumerate(call.args):
        if i < len(pos) and not isinstance(a, ast.Starred):
            bound[pos[i]] = a
    bound.update({k.arg: k.value for k in call.keywords if k.arg})
    total = 1
    loops = [n for n in ast.walk(fn) if isinstance(n, (ast.For, ast.AsyncFor, ast.While))]
    if not loops:
        return None
    for lp in loops:
        it = lp.iter if isinstance(lp, (ast.For, ast.AsyncFor)) else None
        if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and it.args):
            return None
        n = _count(ctx, it.args[-1] if len(it.args) < 3 else None, bound, call)
        if n is None:
            return None
        total *= max(n, 1)
    return total


def _count(ctx: Context, e: ast.AST | None, bound: dict, call: ast.Call, depth: int = 0) -> int | None:
    if e is None or depth > 3:
        return None
    if isinstance(e, ast.Constant) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    if not isinstance(e, ast.Name):
        return None
    if e.id in bound and bound[e.id] is not e:
        v = bound[e.id]
        if isinstance(v, ast.Name):  # handed on from the caller: its own parameter's default, or a constant
            caller = getattr(getattr(call, "_wp_stmt", None), "_wp_scope", None)
            fn = getattr(caller, "node", None)
            cargs = getattr(fn, "args", None)
            if cargs is not None:
                cpos = [a.arg for a in (*cargs.posonlyargs, *cargs.args)]
                cdef = dict(zip(cpos[len(cpos) - len(cargs.defaults):], cargs.defaults))
                if v.id in cdef:
                    return _count(ctx, cdef[v.id], {}, call, depth + 1)
        return _count(ctx, v, {}, call, depth + 1)
    vals = ctx.assigns.get(e.id, [])
    if len(vals) == 1:
        return _count(ctx, vals[0], {}, call, depth + 1)
    return None



def ends_in_unseen_object(ctx, r) -> bool:
    """After the region's last GPU work, a method runs on an object built in the region by a class whose code the
    linter cannot read (imported from a package that is neither a known library nor one of the project's modules
    it reads): ``gptq = GPTQQuantizer(module); ...; q, err = gptq.quantize()`` after the forward passes that fed
    it. Such a call may read the results on the host (a quantizer's ``.item()``); weak (prior set 4, lit-llama)."""
    from .._context import dotted

    stmts = r.stmts()
    last = _last_gpu_stmt(ctx, stmts)
    if last is None:
        return False
    built: set[str] = set()
    for s in stmts:
        if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) and _unseen_class(ctx, s.value):
            built |= {t.id for t in s.targets if isinstance(t, ast.Name)}
    if not built:
        return False
    return any(s._wp_idx > last._wp_end and any(  # type: ignore[attr-defined]
        isinstance(c.func, ast.Attribute) and dotted(c.func.value) in built for c in stmt_calls(s))
        for s in stmts)


def _unseen_class(ctx, call: ast.Call) -> bool:
    f = call.func
    if not (isinstance(f, ast.Name) and f.id[:1].isupper()):
        return False
    return unknown_module(ctx, f) is not None and ctx.imported_def(f) is None



def _blocking_h2d(ctx: Context, c: ast.AST) -> bool:
    """``x.cuda()``, ``x.to(device)`` (not a dtype cast, not ``non_blocking=True``) of a value not known on the GPU;
    ``dst.copy_(src)`` into a GPU tensor from a CPU one (set 47)."""
    from .._waits import host_to_device_copy_

    if host_to_device_copy_(ctx, c) or _made_from_host_values(ctx, c):
        return True
    if not (isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and ctx.method(c) in _TRANSFERS):
        return False
    if any(k.arg == "non_blocking" and not (isinstance(k.value, ast.Constant) and k.value.value is False)
           for k in c.keywords) or ctx.placement(c.func.value) == "cuda" or ctx.placement(c) == "cpu":
        return False
    if ctx.method(c) == "cuda":
        return True
    dev = next((k.value for k in c.keywords if k.arg == "device"), c.args[0] if c.args else None)
    if dev is None or ctx._device_value(dev) == "cpu" or ctx.is_tensorish(dev):
        return False
    return ctx._device_value(dev) == "cuda" or (isinstance(dev, (ast.Name, ast.Attribute)) and
                                                not (dotted(dev) or "").startswith(("torch.", "np.", "numpy.")))


def _made_from_host_values(ctx: Context, c: ast.AST) -> bool:
    """``torch.tensor([1.0], device=device)`` (also ``as_tensor``): a tensor made on the device from Python values
    written in the code (a literal list, tuple or number) is built on the host and copied over from pageable memory,
    a copy that returns once it is done, like ``x.to(device)`` (set 76: a bfloat16 probe timed in set-up logging)."""
    if not (isinstance(c, ast.Call) and ctx.qualname(c.func) in ("torch.tensor", "torch.as_tensor") and c.args):
        return False
    dev = next((k.value for k in c.keywords if k.arg == "device"), None)
    data = c.args[0]
    if dev is None or any(k.arg == "pin_memory" for k in c.keywords) or not _literal(data):
        return False
    return ctx._device_value(dev) != "cpu"


def _literal(data: ast.AST) -> bool:
    """Python values written in the code: a number, or a list or tuple of them at any nesting (``[[1]]``, a 1x1 mask
    column appended per decode step: fresh102, set 157)."""
    if isinstance(data, ast.Constant) or (isinstance(data, ast.UnaryOp) and isinstance(data.operand, ast.Constant)):
        return True
    return isinstance(data, (ast.List, ast.Tuple)) and all(_literal(e) for e in data.elts)


def only_blocking_copies(ctx: Context, r) -> bool:
    """The region's only GPU work is copies to the GPU of values not on it (``blk = blk.int().to(device)``) without
    ``non_blocking=True``, and what is computed on their way there: a copy from host memory returns once it is done
    (after the work queued before it on the stream), so the host clock times it correctly (set 34). Allocations that
    launch nothing (``torch.empty``, ``torch.empty_like``) leave nothing queued either (set 77)."""
    from .._walk import stmt_nodes
    from ._common import work_items

    if r.inner_loops():
        return False
    copies = {id(n) for s in r.stmts() for n in stmt_nodes(s) if _blocking_h2d(ctx, n)}

    def feeds_copy(w: ast.AST) -> bool:
        node, parent = w, getattr(w, "_wp_parent", None)
        while isinstance(parent, (ast.Attribute, ast.Call)):
            if (isinstance(parent, ast.Attribute) and parent.value is not node) or \
                    (isinstance(parent, ast.Call) and parent.func is not node):
                return False
            if id(parent) in copies:
                return True
            node, parent = parent, getattr(parent, "_wp_parent", None)
        return False

    work = work_items(ctx, r) + [w for s in r.stmts() for w in ctx.gpu_work_in(stmt_nodes(s))]
    return bool(copies or work) and all(id(w) in copies or feeds_copy(w) or launches_nothing(ctx, w) for w in work)


_UNFILLED = frozenset({"empty", "empty_like", "empty_strided"})  # torch factories that allocate and launch nothing


def launches_nothing(ctx: Context, w: ast.AST) -> bool:
    """``torch.empty((m, n), device="cuda")``, ``torch.empty_like(x)``, ``x.new_empty(shape)``: an allocation that
    leaves its memory unwritten launches no kernel (the caching allocator hands a block back, or ``cudaMalloc``
    returns once it has one), so it leaves no work pending for a host clock to miss (set 77: blocking copies to the
    GPU and the kernel's output allocated, timed as the transfer)."""
    if not isinstance(w, ast.Call):
        return False
    q = ctx.call_name(w) or ""
    if q.startswith("torch.") and q.rsplit(".", 1)[-1] in _UNFILLED and q.count(".") == 1:
        return True
    return isinstance(w.func, ast.Attribute) and w.func.attr in ("new_empty", "new_empty_strided") and \
        not (ctx.call_name(w) or "").startswith(("numpy.", "cupy."))


def exits_through_device_test(ctx: Context, r) -> bool:
    """The region's last GPU work sits in a ``while`` loop whose test waits for the device (``while not
    finished.all():``, ``while (x > 0).item():``) and which has no ``break``: the loop ends only by evaluating that
    test, after all the work queued before it, so the end read after the loop times the work (set 36)."""
    stmts = r.stmts()
    last = _last_gpu_stmt(ctx, stmts)
    if last is None:
        return False
    for lp in stmts:
        if not (isinstance(lp, ast.While) and lp._wp_idx < last._wp_idx <= lp._wp_end):  # type: ignore[attr-defined]
            continue
        if lp.orelse or _breaks_out(lp):
            return False
        return ctx.branches_on_device(lp) or any(  # type: ignore[attr-defined]
            isinstance(c, ast.Call) and ctx.is_sync(c) for c in ast.walk(lp.test))
    return False


def _breaks_out(loop: ast.While) -> bool:
    todo = list(loop.body)
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Break):
            return True
        if isinstance(n, (ast.For, ast.AsyncFor, ast.While)):
            todo.extend(n.orelse)  # a break in an inner loop ends that loop only
            continue
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        todo.extend(ast.iter_child_nodes(n))
    return False


def inside_event_pair(ctx: Context, r) -> bool:
    """The host interval lies between the two records of an event pair of the same function, read with
    `elapsed_time`: the device time of the same work is measured by the events, so the host clock measures the host
    side of the call on purpose (`start_gpu.record(); c0 = perf_counter(); fn(); cpu_ms = ...; end_gpu.record()`,
    returned as the CPU cost next to the GPU time, set 41); weak."""
    if r.kind != "host" or r.outer is not None:
        return False
    return any(e.kind == "event" and e.scope is r.scope and e.lo < r.lo and e.hi > r.hi for e in ctx.regions)
