"""How :class:`Context` sees the definitions a file imports from the user's project (a mixin).

Each question about an imported function or class (does it synchronize, launch GPU work, move data to the GPU,
return per-sample times, is it a timer class) is answered in the context of the module that defines it, as it would
be for a definition of the same file; the modules are found and analysed once per run by :mod:`._project`.
"""

from __future__ import annotations

import ast
import builtins
from typing import Any

from ._project import Definition, ImportView
from ._wait_facts import KNOWN_LIBRARIES

_BUILTINS = frozenset(dir(builtins))
_HERE = ", called here)"


class ImportedDefs:
    """Mixin of :class:`Context`: the definitions this file imports from the project (``import_view`` set by the
    engine; None for text linted without a file, and then nothing is imported)."""

    import_view: ImportView | None = None

    def _import_table(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        """local name -> (level, dotted parts it stands for), from every import statement of the file."""
        cached = self.__dict__.get("_wp_import_table")
        if cached is None:
            if self.import_view is not None:
                self.import_view.add_sys_path(self.tree)  # type: ignore[attr-defined]
            cached = {}
            for scope in self.scopes:  # type: ignore[attr-defined]
                for st in scope.stmts:
                    if isinstance(st, ast.Import):
                        for a in st.names:
                            if a.asname:
                                cached[a.asname] = (0, tuple(a.name.split(".")))
                            else:
                                head = a.name.split(".")[0]
                                cached[head] = (0, (head,))
                    elif isinstance(st, ast.ImportFrom):
                        mod = tuple(st.module.split(".")) if st.module else ()
                        for a in st.names:
                            if a.name != "*":
                                cached[a.asname or a.name] = (st.level, (*mod, a.name))
                            else:
                                self.__dict__.setdefault("_wp_star_imports", []).append((st.level, mod))
            self._wp_import_table = cached
        return cached

    def imported_def(self, expr: ast.AST) -> Definition | None:
        """The project definition that a name or dotted attribute (``benchmark``, ``utils.benchmark``,
        ``m.Timer``) refers to through this file's imports; None when it is not imported from the project, or it is
        a name defined in this file."""
        view = self.import_view
        if view is None or not view.project.enabled:
            return None
        from ._names import dotted

        d = dotted(expr)
        if d is None:
            return None
        cache = self.__dict__.setdefault("_wp_imported", {})
        if d in cache:
            return cache[d]
        cache[d] = None
        head, *rest = d.split(".")
        entry = self._import_table().get(head)
        if (not rest and head in self.functions) or head in self.classes:  # type: ignore[attr-defined]
            return None
        if entry is None:  # `from util import *` (public names only), unless the file binds the name itself
            if head.startswith("_") or head in _BUILTINS or head in self.assigns or \
                    not self.__dict__.get("_wp_star_imports"):  # type: ignore[attr-defined]
                return None
            for level, mod in self.__dict__.get("_wp_star_imports", ()):
                found = view.resolve(level, (*mod, head, *rest))
                if found is not None:
                    cache[d] = found
                    return found
            return None
        level, parts = entry
        found = view.resolve(level, (*parts, *rest))
        cache[d] = found
        return found

    def calls_gpu_code_of_project(self) -> bool:
        """The file calls a function it imports from the project that puts data on the GPU itself (``y =
        mm_on_gpu(x, w)`` in a notebook, ``mm_on_gpu`` doing ``x.cuda()`` in the module beside it): it uses the GPU.
        (A harness that runs a callable it is handed, ``bench_gpu_time(fn)``, says nothing of the caller's data.)"""
        if self.import_view is None or not self.import_view.project.enabled:
            return False
        calls = self.calls  # type: ignore[attr-defined]
        if not any(self.is_clock(c) or self.method(c) in ("record", "timeit", "repeat") or  # type: ignore
                   (self.call_name(c) or "").startswith("timeit.") for c in calls):  # type: ignore[attr-defined]
            return False  # nothing timed here: whether it uses the GPU changes no finding, no module is read for it
        table = self._import_table()
        for c in calls:
            head = c.func
            while isinstance(head, ast.Attribute):
                head = head.value
            if isinstance(head, ast.Name) and head.id in table:
                d = self.imported_function(c)
                if d is not None and d.ctx.uses_gpu and (d.ctx._moves_to_gpu(d.node) or _returns_gpu_device(d)):
                    return True
        return False

    def imported_name(self, name: str) -> Definition | None:
        """:meth:`imported_def` of a dotted name given as text (a callee key: ``fused_gelu``, ``ops.fused_gelu``)."""
        parts = name.split(".")
        if not all(p.isidentifier() for p in parts):
            return None
        expr: ast.expr = ast.Name(id=parts[0], ctx=ast.Load())
        for p in parts[1:]:
            expr = ast.Attribute(value=expr, attr=p, ctx=ast.Load())
        return self.imported_def(expr)

    def callee_def(self, call: ast.Call) -> tuple[Any, ast.AST] | None:
        """(the context it lives in, the def) of the function ``call`` calls: one of this file (``f(...)``) or one
        imported from the project's modules (``f(...)``, ``mod.f(...)``); None otherwise."""
        if isinstance(call.func, ast.Name) and call.func.id in self.functions:  # type: ignore[attr-defined]
            return self, self.functions[call.func.id]  # type: ignore[attr-defined]
        if isinstance(call.func, ast.Name) and (f := function_alias(self, call.func.id)) is not None:
            return self, f  # `run = run_benchmark; run(3)`: a name bound once to a function of the file
        d = self.imported_function(call)
        return (d.ctx, d.node) if d is not None else None

    def imported_function(self, call: ast.Call) -> Definition | None:
        d = self.imported_def(call.func)
        return d if d is not None and isinstance(d.node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None

    def imported_method(self, call: ast.Call) -> Definition | None:
        """``b.run()`` where every value ``b`` is bound to is an instance of one class imported from the project
        (``b = Bench(fn)``), or built in the same expression (``Bench(fn).run()``): that class's own method ``run``
        (not inherited ones)."""
        if isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Call):
            d = self.imported_def(call.func.value.func)
            if d is None or not isinstance(d.node, ast.ClassDef):
                return None
            for f in d.node.body:
                if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name == call.func.attr:
                    return Definition(d.ctx, f, f"{d.name}.{f.name}")
            return None
        if not (isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)):
            return None
        name = call.func.value.id
        scope = getattr(getattr(call, "_wp_stmt", None), "_wp_scope", None)
        local = _assigns_by_scope(self).get((name, id(scope)), [])
        # `log = StepLog()` in this function, another class under the name elsewhere; the class found once per name
        # (or per name and scope when bound there): a long module binds one name many times
        memo = self.__dict__.setdefault("_wp_imported_class", {})
        key = (name, id(scope)) if local else (name, None)
        if key not in memo:
            values = through_factories(self, local or self.assigns.get(name, []))  # type: ignore[attr-defined]
            # (`agent = make_agent(...)` of a factory of the file returning `SacAgent(...)`: that class's object)
            classes = {id(d.node): d for v in values if isinstance(v, ast.Call)
                       for d in [self.imported_def(v.func)] if d is not None and isinstance(d.node, ast.ClassDef)}
            if not values or len(classes) != 1 or len(values) != sum(isinstance(v, ast.Call) for v in values):
                memo[key] = None
            else:
                memo[key] = next(iter(classes.values()))
        cls = memo[key]
        if cls is None:
            return None
        for f in cls.node.body:  # type: ignore[union-attr]
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name == call.func.attr:
                return Definition(cls.ctx, f, f"{cls.name}.{f.name}")
        return None

    def imported_syncs(self, call: ast.Call, hidden: bool) -> bool:
        """A call of an imported project function that synchronizes (directly or through its own calls)."""
        d = self.imported_function(call)
        return d is not None and function_syncs(d.ctx, d.node, hidden)

    def imported_method_syncs(self, call: ast.Call, hidden: bool) -> bool:
        """``tracker.update(loss, ...)`` where ``tracker`` is an instance of a project class whose own method
        waits for the device (``self.losses.update(loss.item(), n)``)."""
        d = self.imported_method(call)
        return d is not None and function_syncs(d.ctx, d.node, hidden)

    def imported_gpu_work(self, call: ast.Call) -> bool:
        """A call of an imported project function that launches GPU work, as its module sees it (in a file that uses
        the GPU: the others are not timing GPU work, and their imports are not read for it)."""
        if not getattr(self, "uses_gpu", False):
            return False
        d = self.imported_function(call)
        if d is None:
            from ._lib_table import imported_kernel_method

            return imported_kernel_method(self, call)
        if d.node.name in d.ctx._gpu_callables:
            return True
        view = self.import_view
        if d.ctx.uses_gpu or view is None or not hands_gpu_values(self, call):
            return False
        g = view.project.gpu_context(d.ctx.path, view.depth)  # `infer(model_on_cuda)` of a helper that never names
        return g is not None and d.node.name in g._gpu_callables  # a device: its body read as GPU code

    def puts_on_gpu_call(self, call: ast.Call) -> bool:
        """Strong evidence: a call of a function imported from the project whose body moves data to the GPU in so
        many words (``x.cuda()``, ``.to("cuda")``, ``device="cuda"``); a CuPy call or a ``"cuda"`` string in a branch
        is not enough (``fit(X)`` written for NumPy and CuPy alike). (A function of the same file is not taken as
        evidence: on set 23 a wrapper whose inner op had run before was reported strong, which the warmup model does
        not yet see through.)"""
        d = self.imported_function(call)
        if d is None:
            return False
        ctx, fn = d.ctx, d.node
        cache = ctx.__dict__.setdefault("_wp_puts_on_gpu", {})
        if id(fn) not in cache:
            cache[id(fn)] = any(
                ctx.method(c) == "cuda" or (ctx.method(c) == "to" and ctx.placement(c) == "cuda") or
                any(k.arg == "device" and ctx._device_value(k.value) == "cuda" for k in c.keywords)
                for c in ctx.calls_in_function(fn))
        return cache[id(fn)]

    def extension_entry_syncs(self, call: ast.Call) -> bool | None:
        """``my_ext.forward(x)`` of a C++/CUDA extension whose sources are in the checkout (``load(sources=...)``,
        ``load_inline(...)``, the project's ``setup.py``): True when the entry waits for the device after its last
        launch, False when it launches and returns, None when unknown (:mod:`._extensions`)."""
        if self.import_view is None or not self.import_view.project.enabled:
            return None
        from ._extensions import extension_call_syncs

        return extension_call_syncs(self, call)

    def imported_compiled(self, name: str) -> bool:
        """``name`` (a callee key) is a function imported from the project and compiled there (``@torch.compile``,
        ``@triton.jit``, a launch of a JIT kernel inside)."""
        if self.import_view is None or name in self.functions:
            return False
        if name.split(".")[0] not in self._import_table():  # type: ignore[attr-defined]
            from ._lib_table import imported_compiled_method

            return imported_compiled_method(self, name)  # `sim.step(i)` of `sim = Solver(...)` imported
        d = self.imported_name(name)
        if d is None:
            from ._lib_table import imported_compiled_method

            return imported_compiled_method(self, name)
        return d.name in d.ctx._compiled

    def lazy_jit(self, name: str) -> bool:
        """``name`` is a Numba ``@jit``/``@njit`` function compiled on its first call: one of the file's
        (``_lazy_jits``) or one imported from the project and decorated so there (``from sim.kernels import
        step_cpu``; the same facts, read in its own module)."""
        if name in self._lazy_jits:
            return True
        if self.import_view is None or name in self.functions or "." in name or \
                name not in self._import_table():  # type: ignore[attr-defined]
            return False
        d = self.imported_name(name)
        return d is not None and d.name in d.ctx._lazy_jits

    def imported_moves_to_gpu(self, call: ast.Call) -> bool:
        """A call of an imported project function that puts data on the GPU itself (``x.cuda()`` inside)."""
        d = self.imported_function(call)
        return d is not None and d.ctx._moves_to_gpu(d.node)


def function_syncs(ctx: Any, fn: ast.AST, hidden: bool) -> bool:
    """``fn`` (a function of ``ctx``'s module) synchronizes: one of its calls waits, or calls a function of the
    module (or one it imports from the project) that does."""
    cache = ctx.__dict__.setdefault("_wp_fn_syncs", {})
    key = (id(fn), hidden)
    if key not in cache:
        cache[key] = False  # recursion: not shown to wait
        syncing = ctx._syncing_functions(hidden)
        cache[key] = any(ctx._direct_sync(c, hidden) or ctx._callee_name(c) in syncing
                         for c in ctx.calls_in_function(fn))
    return cache[key]


def helper_findings(ctx: Any, module_findings: Any, rules_key: Any = None) -> list[Any]:
    """Findings inside the project's functions this file calls, reported at the first call in this file, when the
    function's module is not itself linted in this run (``wprof lint kernel.py`` with ``utils.py`` beside it): the
    mistake in ``utils.bench`` is the caller's too. ``module_findings(module_ctx)``: what the rules report in a
    module (computed once per run). One finding per helper finding and linted file; none when the helper's file is
    linted too (its own finding is reported there)."""
    from ._diagnostic import Diagnostic

    view = ctx.import_view
    if view is None or not view.project.enabled or view.depth >= 2:
        return []  # (a helper's own helpers, one module further, are carried to it first)
    project = view.project
    table = dict(ctx._import_table())
    for i, (level, mod) in enumerate(ctx.__dict__.get("_wp_star_imports", ())):
        table[f"*{i}"] = (level, (*mod, "*"))  # `from timing import *`: its module counts too
    if not view.unselected_imports(table):
        return []  # every project module it imports is linted in this run: each reports its own mistakes
    out: list[Any] = []
    seen: set[tuple[int, str, int, int]] = set()
    calls = sorted(ctx.calls, key=lambda c: (c.lineno, c.col_offset))
    for c in calls:
        d = ctx.imported_function(c) or ctx.imported_method(c)
        if d is None or project.is_selected(d.ctx.path):
            continue
        module = d.ctx
        if not module.uses_gpu and ctx.uses_gpu and hands_gpu_values(ctx, c):
            # `time_forward(model_on_cuda, ids)` of a helper module that never names a device: read as used on the GPU
            module = project.gpu_context(d.ctx.path, view.depth) or module
        key = (d.ctx.path, rules_key, module is not d.ctx)
        if key not in project.findings:
            project.findings[key] = []  # (a cycle back into this module finds none)
            project.findings[key] = module_findings(module)
        end = getattr(d.node, "end_lineno", None) or d.node.lineno
        for f in project.findings[key]:
            if not d.node.lineno <= f.line <= end or (id(d.node), f.code, f.line, f.column) in seen:
                continue
            seen.add((id(d.node), f.code, f.line, f.column))
            line, col, end_line, end_col = ctx.position(c)
            where = f"{_shown(d.ctx.path)}:{f.line}"
            if f.message.endswith(_HERE):  # carried once already (a helper's helper): name the way it is reached
                message = f"{f.message[:-len(_HERE)]}, via `{d.name}` at {where}{_HERE}"
            else:
                message = f"{f.message} (in `{d.name}`, {where}{_HERE}"
            out.append(Diagnostic(f.code, f.name, message, f.fix_title, ctx.path, line, col + 1, end_line,
                                  end_col + 1, None))
    return out


def hands_gpu_values(ctx: Any, call: ast.Call) -> bool:
    """``call`` hands its callee a value shown on the GPU: data placed there, a model put there, a GPU callable."""
    from ._names import dotted
    from .rules._evidence import model_on_gpu

    handed = [*call.args, *(k.value for k in call.keywords)]
    recv = call.func.value if isinstance(call.func, ast.Attribute) else None
    built = [recv] if isinstance(recv, ast.Call) else [
        v for v in ctx.assigns.get(recv.id, ()) if isinstance(v, ast.Call)] if isinstance(recv, ast.Name) else []
    for b in built:  # `Bench(net, x).run()`, `b = Bench(net, x); b.run()`: what the constructor was handed
        handed += [*b.args, *(k.value for k in b.keywords)]
    for a in handed:
        if isinstance(a, ast.Starred):
            a = a.value
        if isinstance(a, ast.Lambda):  # `bench(lambda: step(x_gpu), n)`: the callable runs its body
            if any((isinstance(n, ast.Call) and (ctx.is_gpu_work(n) or hands_gpu_values(ctx, n))) or
                   ctx.is_matmul_on_gpu(n) or ctx.is_array_op_on_gpu(n) for n in ast.walk(a.body)):
                return True
            continue
        d = dotted(a)
        if ctx.placement(a) == "cuda" or (d is not None and (d in ctx._gpu_callables or model_on_gpu(ctx, d))):
            return True
    return False


def _shown(path: str) -> str:
    import os

    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def _assigns_by_scope(ctx) -> dict[tuple[str, int], list[ast.AST]]:
    """The values bound to each name, per scope (built once per file: a long module binds one name many times)."""
    index = ctx.__dict__.get("_wp_assigns_by_scope")
    if index is None:
        index = {}
        for name, values in ctx.assigns.items():
            for v in values:
                scope = getattr(getattr(v, "_wp_stmt", None), "_wp_scope", None)
                index.setdefault((name, id(scope)), []).append(v)
        ctx.__dict__["_wp_assigns_by_scope"] = index
    return index


def function_alias(ctx: Any, name: str) -> ast.AST | None:
    """The function of the file a local name stands for when it is bound once, to that function's name, and bound
    no other way (``run = run_benchmark``; not a parameter, loop variable, ``with`` or import name)."""
    vals = ctx.assigns.get(name, [])
    if len(vals) != 1 or not isinstance(vals[0], ast.Name) or vals[0].id == name or \
            vals[0].id not in ctx.functions or name in ctx.functions or name in ctx.imports:
        return None
    bound = ctx.__dict__.get("_wp_other_bindings")
    if bound is None:
        bound = set()
        for n in ctx.all_nodes():
            if isinstance(n, ast.arg):
                bound.add(n.arg)
            elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
                bound.update(t.id for t in ast.walk(n.target) if isinstance(t, ast.Name))
            elif isinstance(n, ast.withitem) and n.optional_vars is not None:
                bound.update(t.id for t in ast.walk(n.optional_vars) if isinstance(t, ast.Name))
            elif isinstance(n, (ast.Global, ast.Nonlocal)):
                bound.update(n.names)
            elif isinstance(n, ast.NamedExpr) and isinstance(n.target, ast.Name):
                bound.add(n.target.id)
        ctx.__dict__["_wp_other_bindings"] = bound
    return None if name in bound else ctx.functions[vals[0].id]


def unknown_module(ctx: Any, f: ast.AST) -> str | None:
    """The module (as imported, maybe relative) that the root name of ``f`` (a name or a dotted attribute chain)
    is imported from, when it is not a library whose semantics the linter knows: a project module or one it cannot
    read; None otherwise."""
    root = f
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name):
        return None
    q = ctx.imports.get(root.id) or ctx.relative_imports.get(root.id)
    if q is None or q.lstrip(".").split(".")[0] in KNOWN_LIBRARIES:
        return None
    return q


def _returns_gpu_device(d: Definition) -> bool:
    """The project's function returns the accelerator as a device, alone or in a tuple (``acc =
    torch.accelerator.current_accelerator()``; ``return rank, world_size, acc``; ``return torch.device("cuda",
    rank)``): a caller that binds it puts its model and data on the GPU (set 105: a distributed set-up helper)."""
    ctx = d.ctx
    if not isinstance(d.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    local: dict[str, list[ast.AST]] = {}
    for n in ast.walk(d.node):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            local.setdefault(n.targets[0].id, []).append(n.value)

    def gpu(e: ast.AST, depth: int = 0) -> bool:
        if isinstance(e, ast.Name) and depth < 2 and local.get(e.id):
            return all(gpu(v, depth + 1) for v in local[e.id])
        if isinstance(e, ast.Call) and (ctx.call_name(e) or "") == "torch.accelerator.current_accelerator":
            return True
        return isinstance(e, ast.Call) and (ctx.call_name(e) or "") == "torch.device" and bool(e.args) and \
            ctx._device_value(e.args[0]) == "cuda"

    for n in ast.walk(d.node):
        if isinstance(n, ast.Return) and n.value is not None:
            elts = n.value.elts if isinstance(n.value, ast.Tuple) else [n.value]
            if any(gpu(e) for e in elts):
                return True
    return False


def through_factories(ctx, values: list) -> list:
    """``values`` with each call of a factory function of this file (``agent = make_agent(obs_shape, args,
    device)``, no decorator) replaced by what its ``return`` statements return (``return CurlSacAgent(...,
    device=device)``), when each of them returns a call: the object is the one the factory builds (set 109)."""
    functions = ctx.functions
    hits = [i for i, v in enumerate(values) if type(v) is ast.Call and type(v.func) is ast.Name and
            v.func.id in functions]
    if not hits:
        return values
    out: list = []
    for v in values:
        fn = functions.get(v.func.id) if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) else None
        rets = _factory_returns(fn) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        if rets:
            out.extend(rets)
        else:
            out.append(v)
    return out


def _factory_returns(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list | None:
    """The calls a plain factory function returns (every non-constant ``return`` a call, no nested function, no
    decorator), cached on the ``def``; None when it is not one."""
    got = getattr(fn, "_wp_factory_returns", False)
    if got is not False:
        return got
    rets: list | None = None
    if not fn.decorator_list:
        nodes = list(ast.walk(fn))
        rets = [n.value for n in nodes if isinstance(n, ast.Return) and n.value is not None and
                not isinstance(n.value, ast.Constant)]
        rets = [_bound_once(nodes, x) if isinstance(x, ast.Name) else x for x in rets]  # `env = VecEnv(...); return env`
        if not rets or not all(isinstance(x, ast.Call) for x in rets) or \
                any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and n is not fn for n in nodes):
            rets = None
    fn._wp_factory_returns = rets  # type: ignore[attr-defined]
    return rets


def _bound_once(nodes: list, name: ast.Name) -> ast.AST:
    """The call a local name a factory returns is bound to, when a single plain assignment binds it; else the name."""
    stores = [n for n in nodes if isinstance(n, ast.Name) and n.id == name.id and isinstance(n.ctx, ast.Store)]
    binds = [n for n in nodes if isinstance(n, ast.Assign) and len(n.targets) == 1 and
             isinstance(n.targets[0], ast.Name) and n.targets[0].id == name.id]
    if len(stores) == 1 and len(binds) == 1 and isinstance(binds[0].value, ast.Call):
        return binds[0].value
    return name
