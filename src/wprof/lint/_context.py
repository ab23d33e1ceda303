"""One pass over a module's AST that every rule shares: names, statements in order, calls, and what they touch.

The walk annotates nodes in place (attributes prefixed ``_wp_``) so rules ask cheap questions:
- ``ctx.qualname(expr)``: the dotted name an expression refers to, through the file's imports
  (``from time import perf_counter as pc`` makes ``pc`` read ``time.perf_counter``);
- statements of each scope (module, function, class body) in execution order (preorder); each statement has an
  index ``_wp_idx``, the index of its last descendant ``_wp_end``, its scope ``_wp_scope`` and enclosing loops
  ``_wp_loops``; every expression knows its statement ``_wp_stmt`` and parent ``_wp_parent``;
- a light, flow-insensitive guess of which names hold tensors or GPU callables (``is_tensorish``, ``is_gpu_work``).
Nothing is executed and nothing outside the standard library is imported.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._diagnostic import Diagnostic, Fix
from ._names import (  # noqa: F401 -- re-exported: rules import these names from here
    HOST_CLOCKS, SYNC_FUNCS, HIDDEN_SYNC_FUNCS, SYNC_ATTRS, HIDDEN_SYNC_METHODS, EVENT_CTORS, TORCH_FACTORIES,
    NVTX_PUSH, NVTX_POP, NVTX_MODULES, HOST_BUILTINS, HOST_METHODS, SYNCING_CALLS, SYNCING_METHODS,
    SYNCING_LAST_NAMES, TRANSFER_METHODS, GPU_MODULE_PREFIXES, NOT_WORK_PREFIXES, COMPILERS, dotted,
)
from ._placement import PlacementModel
from ._imported import ImportedDefs
from ._project import ImportView
from ._syncs import SyncModel

_SKIP_FIELDS = frozenset({"ctx", "op", "ops", "type_comment"})


@dataclass
class Scope:
    """A module, function or class body: its statements in execution order (preorder)."""

    node: ast.AST
    stmts: list[ast.stmt] = field(default_factory=list)
    params: frozenset[str] = frozenset()
    children: list[Scope] = field(default_factory=list)

    @property
    def name(self) -> str:
        return getattr(self.node, "name", "<module>")


def base_key(expr: ast.AST) -> str | None:
    """A stable key for an event or sample container: ``starts[i]`` and ``starts`` both give ``starts``."""
    while isinstance(expr, (ast.Subscript, ast.Starred)):
        expr = expr.value
    return dotted(expr)


def alias_key(expr: ast.AST) -> str | None:
    """Like :func:`base_key`, seeing through loop variables: ``s`` in ``for s, e in zip(starts, ends)`` (a for
    statement or a comprehension) is ``starts``."""
    key = base_key(expr)
    if not isinstance(expr, ast.Name):
        return key
    node: ast.AST | None = expr
    while node is not None:
        gens: list[tuple[ast.AST, ast.AST]] = []
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)):
            gens = [(g.target, g.iter) for g in node.generators]
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            gens = [(node.target, node.iter)]
        for target, it in gens:
            if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate" and it.args:
                if isinstance(target, ast.Tuple) and len(target.elts) == 2:
                    target, it = target.elts[1], it.args[0]
            if isinstance(target, ast.Name) and target.id == expr.id:
                return base_key(it) or key
            if isinstance(target, ast.Tuple) and isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and \
                    it.func.id == "zip":
                for t, a in zip(target.elts, it.args):
                    if isinstance(t, ast.Name) and t.id == expr.id:
                        return base_key(a) or key
        node = getattr(node, "_wp_parent", None)
    return key


class Context(PlacementModel, SyncModel, ImportedDefs):
    """Shared analysis of one file; rules read it and call :meth:`report`. ``import_view``: the project modules the
    file imports (:mod:`._project`), None to read this file alone."""

    def __init__(self, tree: ast.Module, source: str, path: str, *, magics: Sequence[Any] = (),
                 import_view: ImportView | None = None) -> None:
        self.import_view = import_view
        self.tree = tree
        self.source = source
        self.path = path
        self.magics = list(magics)  # IPython magics blanked out of a notebook's program (``_notebook.Magic``)
        self.lines = source.splitlines()
        self.imports: dict[str, str] = {}
        self.relative_imports: dict[str, str] = {}
        self.scopes: list[Scope] = []
        self.calls: list[ast.Call] = []
        self.attributes: list[ast.Attribute] = []
        self.subtractions: list[ast.BinOp] = []
        self.assigns: dict[str, list[ast.AST]] = {}  # name -> value expressions assigned to it
        self.assign_stmts: dict[str, list[ast.stmt]] = {}
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.classes: dict[str, ast.ClassDef] = {}
        self.words: set[str] = set()  # identifiers and attribute names, lower-cased
        self.diagnostics: list[Diagnostic] = []
        self._rule: tuple[str, str] = ("", "")
        self._weak_ok = False  # the running rule also reports weak-evidence findings (group `extra` selected)
        self._walk_scope(tree, frozenset())
        self.uses_gpu = self._detect_gpu()
        self.imports_torch = any(q == "torch" or q.startswith("torch.") for q in self.imports.values())
        self._tensorish: set[str] = set()
        self._gpu_callables: set[str] = set()
        self._compiled: set[str] = set()
        self._kernels: set[str] = set()  # names bound to a kernel of a GPU library (PyCUDA, CuPy): launches
        self._inferred = False
        self._infer_names()
        self._inferred = True
        self._regions = None

    # ---------------------------------------------------------------- walk
    def _note_import(self, node: ast.stmt) -> None:
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname:
                    self.imports[a.asname] = a.name
                else:
                    top = a.name.split(".")[0]
                    self.imports[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                self.imports[a.asname or a.name] = f"{node.module}.{a.name}"
        elif isinstance(node, ast.ImportFrom):  # `from .utils import sync`: kept apart, never a known module
            for a in node.names:
                self.relative_imports[a.asname or a.name] = f"{'.' * node.level}{node.module or ''}.{a.name}"

    def _walk_scope(self, node: ast.AST, params: frozenset[str], parent: Scope | None = None) -> None:
        scope = Scope(node, [], params)
        node._wp_own_scope = scope  # type: ignore[attr-defined]
        if parent is not None:
            parent.children.append(scope)
        self.scopes.append(scope)
        pending: list[tuple[ast.AST, frozenset[str]]] = []
        self._walk_body(getattr(node, "body", []), scope, (), pending, node)
        for child, child_params in pending:
            self._walk_scope(child, child_params, scope)

    def _walk_body(self, body: list[ast.stmt], scope: Scope, loops: tuple[ast.stmt, ...],
                   pending: list[tuple[ast.AST, frozenset[str]]], parent: ast.AST) -> None:
        for stmt in body:
            stmt._wp_parent = parent  # type: ignore[attr-defined]
            stmt._wp_idx = len(scope.stmts)  # type: ignore[attr-defined]
            stmt._wp_scope = scope  # type: ignore[attr-defined]
            stmt._wp_loops = loops  # type: ignore[attr-defined]
            scope.stmts.append(stmt)
            stmt._wp_nodes = []  # type: ignore[attr-defined]
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                self._note_import(stmt)
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.setdefault(stmt.name, stmt)
                a = stmt.args
                names = [x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
                names += [x.arg for x in (a.vararg, a.kwarg) if x]
                for d in stmt.decorator_list:
                    self._walk_expr(d, stmt, stmt)
                pending.append((stmt, frozenset(names)))
                stmt._wp_end = stmt._wp_idx  # type: ignore[attr-defined]
                continue
            if isinstance(stmt, ast.ClassDef):
                self.classes.setdefault(stmt.name, stmt)
                pending.append((stmt, frozenset()))
                stmt._wp_end = stmt._wp_idx  # type: ignore[attr-defined]
                continue
            inner_loops = loops + (stmt,) if isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)) else loops
            for name, value in ast.iter_fields(stmt):
                if name in ("body", "orelse", "finalbody", "handlers", "cases"):
                    continue
                self._walk_field(value, stmt, stmt)
            if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                self._note_assign(stmt)
            for name in ("body", "orelse", "finalbody"):
                sub = getattr(stmt, name, None)
                if sub:
                    self._walk_body(sub, scope, inner_loops if name == "body" else loops, pending, stmt)
            for h in getattr(stmt, "handlers", ()) or ():
                h._wp_parent = stmt  # type: ignore[attr-defined]
                if h.type is not None:
                    self._walk_expr(h.type, stmt, h)
                self._walk_body(h.body, scope, loops, pending, h)
            for case in getattr(stmt, "cases", ()) or ():
                self._walk_body(case.body, scope, loops, pending, case)
            stmt._wp_end = len(scope.stmts) - 1  # type: ignore[attr-defined]

    def _walk_field(self, value: object, stmt: ast.stmt, parent: ast.AST) -> None:
        if isinstance(value, ast.AST):
            self._walk_expr(value, stmt, parent)
        elif isinstance(value, list):
            for v in value:
                if isinstance(v, ast.AST):
                    self._walk_expr(v, stmt, parent)

    def _walk_expr(self, node: ast.AST, stmt: ast.stmt, parent: ast.AST) -> None:
        own = stmt._wp_nodes  # type: ignore[attr-defined]
        calls, attributes, subtractions, words = self.calls, self.attributes, self.subtractions, self.words
        stack = [(node, parent)]
        pop, push = stack.pop, stack.append
        AST, Call, Attribute, Name, BinOp, Sub, Constant = (ast.AST, ast.Call, ast.Attribute, ast.Name, ast.BinOp,
                                                            ast.Sub, ast.Constant)
        while stack:
            n, p = pop()
            own.append(n)
            n._wp_stmt = stmt  # type: ignore[attr-defined]
            n._wp_parent = p  # type: ignore[attr-defined]
            t = type(n)
            if t is Call:
                calls.append(n)  # type: ignore[arg-type]
            elif t is Attribute:
                attributes.append(n)  # type: ignore[arg-type]
                words.add(n.attr.lower())  # type: ignore[attr-defined]
            elif t is Name:
                words.add(n.id.lower())  # type: ignore[attr-defined]
                continue
            elif t is BinOp and type(n.op) is Sub:  # type: ignore[attr-defined]
                subtractions.append(n)  # type: ignore[arg-type]
            elif t is Constant:
                v = n.value  # type: ignore[attr-defined]
                if type(v) is str and len(v) < 40:
                    words.add(v.lower())
                continue
            for f in n._fields:
                if f in _SKIP_FIELDS:
                    continue
                v = getattr(n, f, None)
                if type(v) is list:
                    for x in v:
                        if isinstance(x, AST):
                            push((x, n))
                elif isinstance(v, AST):
                    push((v, n))

    def _note_assign(self, stmt: ast.stmt) -> None:
        value = getattr(stmt, "value", None)
        if value is None:
            return
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        for t in targets:
            elts = t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]
            values = [value] * len(elts)
            if len(elts) > 1 and isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(elts) and \
                    not any(isinstance(x, ast.Starred) for x in (*elts, *value.elts)):
                values = value.elts  # `lls, t = [], []`: each name gets its own value
            for e, v in zip(elts, values):
                key = dotted(e)
                if key is not None:
                    self.assigns.setdefault(key, []).append(v)
                    self.assign_stmts.setdefault(key, []).append(stmt)

    # ---------------------------------------------------------------- names
    def qualname(self, expr: ast.AST) -> str | None:
        """The dotted name ``expr`` refers to, resolved through the file's imports."""
        d = dotted(expr)
        if d is None:
            return None
        head, _, rest = d.partition(".")
        full = self.imports.get(head, head)
        full = f"{full}.{rest}" if rest else full
        if full.startswith("cupy.") or full == "cupy":
            return full
        return full

    def call_name(self, call: ast.Call) -> str | None:
        q = getattr(call, "_wp_qual", False)
        if q is False:
            q = self.qualname(call.func)
            call._wp_qual = q  # type: ignore[attr-defined]
        return q

    @staticmethod
    def method(call: ast.Call) -> str | None:
        return call.func.attr if isinstance(call.func, ast.Attribute) else None

    def _detect_gpu(self) -> bool:
        gpu_mods = ("triton", "cupy", "cuda", "numba", "cutlass", "pycuda", "jax")
        if any(q.split(".")[0] in gpu_mods or q.startswith(("torch.cuda", "torch.accelerator"))
               for q in self.imports.values()):
            return True
        if "cuda" in self.words or ("accelerator" in self.words and self.imports.get("torch") == "torch"):
            return True
        if '"cuda' in self.source or "'cuda" in self.source:
            return True
        if any(q == "torch" or q.startswith("torch.") for q in self.imports.values()) and any(
                self.method(c) in ("to", "cuda") and c.args and self._gpu_ordinal(c.args[0]) for c in self.calls):
            return True  # device = 0; model.to(device): a CUDA ordinal
        if any((dotted(c.func) or "").endswith("DistributedDataParallel") and
               any(k.arg == "device_ids" for k in c.keywords) for c in self.calls) or "'nccl'" in self.source or \
                '"nccl"' in self.source:
            return True  # DDP over device_ids, the NCCL backend: GPUs
        return self._moves_to_model_device() or self.calls_gpu_code_of_project()

    def _gpu_ordinal(self, a: ast.AST) -> bool:
        """An int naming a CUDA device: ``0``, or a name bound only to int constants (``device = 0``)."""
        if isinstance(a, ast.Constant):
            return isinstance(a.value, int) and not isinstance(a.value, bool)
        vals = self.assigns.get(a.id, []) if isinstance(a, ast.Name) else []
        return bool(vals) and all(isinstance(v, ast.Constant) and isinstance(v.value, int) and
                                  not isinstance(v.value, bool) for v in vals)

    def _moves_to_model_device(self) -> bool:
        """``ids.to(model.device)`` / ``device=lm.device`` where ``model`` is called in the file: a module written
        for a model that lives on an accelerator (a decoding helper handed a loaded LLM) uses the GPU though it
        never names CUDA."""
        if ".device" not in self.source:
            return False
        called = {dotted(c.func) for c in self.calls} | {
            dotted(c.func.value) for c in self.calls  # type: ignore[attr-defined]
            if isinstance(c.func, ast.Attribute) and c.func.attr in ("generate", "forward")}
        called.discard(None)
        for c in self.calls:
            args = list(c.args) if self.method(c) == "to" else []
            args += [k.value for k in c.keywords if k.arg == "device"]
            for a in args:
                if isinstance(a, ast.Attribute) and a.attr == "device" and dotted(a.value) in called:
                    return True
        return False

    def _infer_names(self) -> None:
        tensorish, callables, compiled = self._tensorish, self._gpu_callables, self._compiled
        for fn in self.functions.values():
            for d in fn.decorator_list:
                target = d.func if isinstance(d, ast.Call) else d
                q = self.qualname(target) or ""
                if q in COMPILERS or q.endswith((".jit", ".compile", ".autotune")):
                    compiled.add(fn.name)
                    callables.add(fn.name)
        for _ in range(2):
            for name, values in self.assigns.items():
                for v in values:
                    if isinstance(v, ast.Call):
                        q = self.call_name(v) or ""
                        if q in COMPILERS:
                            compiled.add(name)
                            callables.add(name)
                            continue
                        if isinstance(v.func, ast.Attribute) and v.func.attr in ("cuda", "to") and \
                                not self.is_tensorish(v.func.value) and isinstance(v.func.value, ast.Call):
                            callables.add(name)  # Net().cuda(), Net().to(device)
                            continue
                        if (isinstance(v.func, ast.Attribute) and v.func.attr == "get_function") or \
                                (q.startswith(("cupy.", "cupyx.")) and q.endswith(("Kernel", "Module"))):
                            callables.add(name)  # SourceModule(src).get_function("k"), cp.RawKernel(src, "k")
                            self._kernels.add(name)
                            continue
                        if isinstance(v.func, ast.Name) and v.func.id in self.functions and \
                                self._loads_model_on_gpu(name, v):
                            callables.add(name)  # `model = load()`, `tok, model, dev = load(name)`: a loader of the
                            continue  # file that returns a model it put on the GPU
                        base = v  # `from_pretrained(..., device_map="auto").eval()`: the same model
                        while isinstance(base, ast.Call) and isinstance(base.func, ast.Attribute) and \
                                base.func.attr in ("eval", "half", "float", "bfloat16", "requires_grad_") and \
                                isinstance(base.func.value, ast.Call):
                            base = base.func.value
                        if isinstance(base.func, ast.Attribute) and base.func.attr == "from_pretrained" and (any(
                                k.arg in ("device_map", "device") for k in base.keywords) or
                                (self.call_name(base) or "").startswith("unsloth.")) and self._first_target(name, v):
                            callables.add(name)  # a model loaded straight onto a device (unsloth: only the GPU)
                            continue
                        if q in ("transformers.pipeline", "transformers.pipelines.pipeline") and any(
                                (k.arg == "device_map" and self._device_value(k.value) != "cpu") or
                                (k.arg == "device" and self._device_value(k.value) == "cuda") for k in v.keywords):
                            callables.add(name)  # pipeline(..., device_map="auto") / device=0: runs on the GPU
                            continue
                        if isinstance(v.func, ast.Name) and v.func.id in self.imports and \
                                not q.startswith("torch.") and any(
                                isinstance(a, ast.Name) and a.id != name and self._placed_model(a.id)
                                for a in [*v.args, *(k.value for k in v.keywords)]):
                            callables.add(name)  # pipeline("text-generation", model=model): runs that model
                            continue
                        if q.startswith(("torch.nn.", "torch.optim.")) and q.rsplit(".", 1)[-1][:1].isupper() \
                                and not q.startswith(NOT_WORK_PREFIXES):
                            callables.add(name)
                            continue
                    if isinstance(v, ast.Lambda) and isinstance(v.body, (ast.Call, ast.BinOp)) and \
                            self.gpu_work_in([v.body]):
                        callables.add(name)
                    elif self._produces_tensor(v):
                        tensorish.add(name)
        # a module moved in place (`model.cuda()`, `model.to(device)` as a statement, under `if args.cuda:` too)
        for c in self.calls:
            if isinstance(c.func, ast.Attribute) and c.func.attr in ("cuda", "to") and \
                    isinstance(c.func.value, ast.Name) and isinstance(getattr(c, "_wp_parent", None), ast.Expr):
                name = c.func.value.id
                if name not in tensorish and any(isinstance(v, ast.Call) for v in self.assigns.get(name, [])) and \
                        (c.func.attr == "cuda" or self.placement(c) == "cuda"):
                    callables.add(name)
        # a name also bound to a number (``step = 0``, ``step += 1``, ``n = int(x)``, ``len(...)``) is not a tensor
        for name in list(tensorish):
            for v in self.assigns.get(name, []):
                number = isinstance(v, ast.Constant) and type(v.value) in (int, float)
                if number or (isinstance(v, ast.Call) and isinstance(v.func, ast.Name)
                            and v.func.id in ("int", "float", "len", "round")):
                    tensorish.discard(name)
                    break
        # a kernel imported from another module and launched `kern[grid](...)` is a JIT kernel (Triton, Numba)
        for c in self.calls:
            if isinstance(c.func, ast.Subscript) and isinstance(c.func.value, ast.Name) and \
                    c.func.value.id in self.imports and \
                    not self.imports[c.func.value.id].startswith(("torch", "numpy", "triton.language")):
                compiled.add(c.func.value.id)
                callables.add(c.func.value.id)
        # a function defined here that launches a JIT-compiled kernel compiles it on its first call
        for _ in range(2):
            for fname, fn in self.functions.items():
                if fname not in compiled and any(
                        dotted(c.func.value if isinstance(c.func, ast.Subscript) else c.func) in compiled
                        for c in self.calls_in_function(fn)):
                    compiled.add(fname)
                    callables.add(fname)
        self._jit_modules(compiled, callables)
        # a function defined here that does GPU work is itself GPU work
        for _ in range(2):
            for fname, fn in self.functions.items():
                if fname in callables:
                    continue
                if any(self.is_gpu_work(c, fn_scope=True) and not self.on_cpu(c) for c in self.calls_in_function(fn)):
                    callables.add(fname)  # (not `model = model.to_empty(device="cpu")`: a loader on the host)

    def _loads_model_on_gpu(self, name: str, call: ast.Call) -> bool:
        """``call`` (of a function of this file) returns, in the place ``name`` is bound from (a tuple element too),
        a module it put on the GPU: built with ``.cuda()``/``.to(<a GPU device>)`` or ``from_pretrained(...,
        device_map=...)``, or moved there in place (``model.to(device)`` as a statement) before the return."""
        fn = self.functions[call.func.id]  # type: ignore[attr-defined]
        stmt = getattr(call, "_wp_stmt", None)
        index = None
        if isinstance(stmt, ast.Assign) and stmt.value is call and len(stmt.targets) == 1 and \
                isinstance(stmt.targets[0], ast.Tuple):
            index = next((i for i, e in enumerate(stmt.targets[0].elts) if dotted(e) == name), None)
            if index is None:
                return False
        own = fn._wp_own_scope.stmts  # type: ignore[attr-defined]

        def to_gpu(c: ast.Call) -> bool:  # `.to(device)`, `device = "cuda" if ... else "cpu"` bound here
            if self.placement(c) == "cuda":
                return True
            a = c.args[0] if c.args else None
            vals = [st.value for st in own if isinstance(st, ast.Assign) and isinstance(a, ast.Name) and
                    any(isinstance(t, ast.Name) and t.id == a.id for t in st.targets)]
            return bool(vals) and all(self._device_value(x) == "cuda" for x in vals)

        def placed(v: ast.AST | None, local: str | None) -> bool:
            while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute):
                if v.func.attr == "cuda" or (v.func.attr == "to" and to_gpu(v)) or (
                        v.func.attr == "from_pretrained" and any(k.arg == "device_map" for k in v.keywords)):
                    return True
                v = v.func.value
            if local is None:
                return False
            return any(isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and
                       isinstance(st.value.func, ast.Attribute) and dotted(st.value.func.value) == local and
                       (st.value.func.attr == "cuda" or (st.value.func.attr == "to" and to_gpu(st.value)))
                       for st in own)

        rets = [st.value for st in own if isinstance(st, ast.Return) and st.value is not None]
        if not rets:
            return False
        for v in rets:
            if index is not None:
                if not (isinstance(v, ast.Tuple) and len(v.elts) > index):
                    return False
                v = v.elts[index]
            if isinstance(v, ast.Name):
                binds = [st.value for st in own if isinstance(st, ast.Assign) and
                         any(isinstance(t, ast.Name) and t.id == v.id for t in st.targets)]
                if not binds or not all(placed(b, v.id) for b in binds):
                    return False
            elif not placed(v, None):
                return False
        return True

    def _first_target(self, name: str, value: ast.AST) -> bool:
        """``name`` is bound to ``value`` itself or as the first name of a tuple (``model, tokenizer = load(...)``:
        the model, not the tokenizer)."""
        for st in self.assign_stmts.get(name, ()):
            if getattr(st, "value", None) is value:
                targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                return any(dotted(t) == name or (isinstance(t, (ast.Tuple, ast.List)) and t.elts and
                                                 dotted(t.elts[0]) == name) for t in targets)
        return True

    def _jit_modules(self, compiled: set[str], callables: set[str]) -> None:
        """A class of the file whose ``forward``/``__call__`` launches a JIT kernel (``kern[grid](...)`` of a
        ``@triton.jit`` or imported kernel): its instances (``m = Attn().cuda()``) compile on their first call."""
        jit_classes = set()
        for cname, cls in self.classes.items():
            for f in cls.body:
                if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name in ("forward", "__call__") and \
                        any(isinstance(c.func, ast.Subscript) and dotted(c.func.value) in compiled
                            for c in self.calls_in_function(f)):
                    jit_classes.add(cname)
        for local, q in self.imports.items():  # from kernels.triton_attention import TritonAttention: a Triton layer
            parts = q.split(".")
            if local[:1].isupper() and parts[0] != "triton" and (
                    parts[-1].startswith("Triton") or any(p.startswith("triton") for p in parts[:-1])):
                jit_classes.add(local)
        if not jit_classes:
            return
        for name, values in self.assigns.items():
            for v in values:
                while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and \
                        v.func.attr in ("cuda", "to", "eval", "half", "float", "bfloat16"):
                    v = v.func.value
                if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in jit_classes:
                    compiled.add(name)
                    callables.add(name)

    def _placed_model(self, name: str) -> bool:
        """``name`` is bound to a model put on a device in its chain (``.cuda()``, ``.to(...)``,
        ``from_pretrained(..., device_map=...)``)."""
        for v in self.assigns.get(name, ()):
            while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute):
                if v.func.attr in ("cuda", "to") or (v.func.attr == "from_pretrained" and any(
                        k.arg == "device_map" for k in v.keywords)):
                    return True
                v = v.func.value
        return False

    def _produces_tensor(self, v: ast.AST) -> bool:
        if isinstance(v, ast.Call):
            q = self.call_name(v) or ""
            if q.startswith(("torch.", "cupy.", "cupyx.")) and not q.startswith(NOT_WORK_PREFIXES):
                return not q.rsplit(".", 1)[-1][:1].isupper()  # torch.nn.Linear(...) is a module
            if isinstance(v.func, ast.Attribute):
                if v.func.attr in HIDDEN_SYNC_METHODS or v.func.attr in HOST_METHODS:
                    return False
                if self.is_tensorish(v.func.value):
                    return True
            if dotted(v.func) in self._gpu_callables:
                return True
            return False
        if isinstance(v, ast.BinOp):
            return isinstance(v.op, ast.MatMult) or self.is_tensorish(v.left) or self.is_tensorish(v.right)
        if isinstance(v, ast.Subscript):
            return self.is_tensorish(v.value)
        return False

    def is_tensorish(self, expr: ast.AST) -> bool:
        """True if ``expr`` probably holds a tensor (assigned from torch/cupy ops, a model call, ``@``...)."""
        if isinstance(expr, ast.Subscript):
            return self.is_tensorish(expr.value)
        if isinstance(expr, (ast.Call, ast.BinOp)):
            return self._produces_tensor(expr)
        d = dotted(expr)
        return d is not None and d in self._tensorish

    def is_compiled(self, name: str | None) -> bool:
        """``name`` is compiled on its first call: a function of the file (``@torch.compile``, ``@triton.jit``, a
        ``torch.compile(f)`` result...) or one imported from the project's modules and compiled there."""
        if name is None:
            return False
        return name in self._compiled or self.imported_compiled(name)

    # ---------------------------------------------------------------- call kinds
    def calls_in_function(self, fn: ast.AST) -> list[ast.Call]:
        """Every call in a function or class body, nested functions included."""
        cached = getattr(fn, "_wp_calls", None)
        if cached is None:
            cached = [n for n in self.nodes_in(fn) if type(n) is ast.Call]
            fn._wp_calls = cached  # type: ignore[attr-defined]
        return cached

    def nodes_in(self, fn: ast.AST) -> list[ast.AST]:
        """Expression nodes of a function or class (its decorators excluded), nested scopes included."""
        cached = getattr(fn, "_wp_all_nodes", None)
        if cached is None:
            cached = []
            todo = [fn._wp_own_scope]  # type: ignore[attr-defined]
            while todo:
                sc = todo.pop()
                for st in sc.stmts:
                    cached.extend(st._wp_nodes)  # type: ignore[attr-defined]
                todo.extend(sc.children)
            fn._wp_all_nodes = cached  # type: ignore[attr-defined]
        return cached

    def is_clock(self, call: ast.AST) -> bool:
        return isinstance(call, ast.Call) and self.call_name(call) in HOST_CLOCKS

    def is_event_ctor(self, call: ast.Call) -> bool:
        return self.call_name(call) in EVENT_CTORS

    def is_nvtx(self, call: ast.Call) -> str | None:
        """'push', 'pop' or 'range' (a context manager) for NVTX calls, else None."""
        q = self.call_name(call) or ""
        head, _, last = q.rpartition(".")
        if not head.startswith(NVTX_MODULES):
            return None
        if last in NVTX_PUSH:
            return "push"
        if last in NVTX_POP:
            return "pop"
        if last in ("annotate", "range"):
            return "range"
        return None

    def is_gpu_work(self, call: ast.Call, *, fn_scope: bool = False) -> bool:
        """A call that probably puts work on the GPU (op, model, kernel launch, optimizer step, user callable)."""
        if fn_scope or not self._inferred:
            return self._is_gpu_work(call, fn_scope)
        cached = getattr(call, "_wp_work", None)
        if cached is None:
            cached = self._is_gpu_work(call, False)
            call._wp_work = cached  # type: ignore[attr-defined]
        return cached

    def _is_gpu_work(self, call: ast.Call, fn_scope: bool) -> bool:
        if isinstance(call.func, ast.Subscript):  # kernel[grid](...)
            return True
        work = self._is_gpu_work_by_kind(call, fn_scope)
        return work and not (self._inferred and self.on_cpu(call))

    def _is_gpu_work_by_kind(self, call: ast.Call, fn_scope: bool) -> bool:
        if isinstance(call.func, ast.Name) and call.func.id not in self.functions and \
                self._name_syncs(call.func.id, False):
            return False  # wait_for_computation(): a synchronize passed in, not work
        q = self.call_name(call) or ""
        m = self.method(call)
        if q.startswith(NOT_WORK_PREFIXES) or q in HOST_BUILTINS or q in HOST_CLOCKS:
            return False
        if m is not None and (m in HOST_METHODS or m in HIDDEN_SYNC_METHODS or m in SYNC_ATTRS
                              or m in TRANSFER_METHODS):
            return False
        if q.startswith(GPU_MODULE_PREFIXES):
            parts = q.split(".")
            if parts[0] == "torch" and len(parts) >= 3 and parts[1] != "ops" and \
                    any(p.startswith("_") and not p.startswith("__") for p in parts[1:]):
                return False  # torch._dynamo.utils.counters(), torch.monitor._WaitCounter(...): internals, not ops
            if q in _TORCH_FILE_IO and not any(k.arg == "map_location" for k in call.keywords):
                return False  # torch.load(path, mmap=True): reading a checkpoint on the host
            return not _QUERY.match(q.rsplit(".", 1)[-1])  # cudart.cudaGetDeviceProperties(0): a query, not work
        if m in ("backward", "replay"):
            return True
        if q in self._gpu_callables or self.imported_gpu_work(call):
            return True
        if m is not None and self.is_tensorish(call.func.value):  # type: ignore[union-attr]
            return True
        if m is not None and dotted(call.func.value) in self._gpu_callables:  # type: ignore[union-attr]
            return True  # model.forward(x), optimizer.step()
        if isinstance(call.func, ast.Name) and not fn_scope:
            scope = call._wp_stmt._wp_scope  # type: ignore[attr-defined]
            if call.func.id in scope.params and self.uses_gpu:
                return True  # a timing helper's callable argument
        if isinstance(call.func, ast.Attribute):
            base = call.func.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if not (isinstance(base, ast.Name) and base.id in self.imports):
                # a method of an object we know nothing of: GPU work only with an argument known to be on the GPU
                # (ext.matmul(a_cuda, b_cuda)), not tokenizer.decode(ids) or args.logger.log(t)
                return self._inferred and any(self.placement(a) == "cuda" for a in call.args)
            # a function of an imported module (an extension: `ext.sample(seeds=seeds, csr=csr)`), keywords too
            return any(self.is_tensorish(a) for a in _arg_values(call))
        # a function of the file handed a GPU tensor: work when it synchronizes after its own calls (`def torch_cc(m):
        # r = gpu_cc(m); torch.cuda.synchronize(); return r`, set 23); others are looked into by their callers
        if not fn_scope and q in self.functions and q not in self._syncing_functions(True) and \
                self._computes_on_gpu_args(self.functions[q], call):
            return True  # popcount(x_cuda) where `def popcount(x): return (x & m1) + ((x >> 1) & m1)` (set 17)
        if not fn_scope and q in self.functions and any(self.is_tensorish(a) for a in call.args) and \
                self._moves_to_gpu(self.functions[q]):
            return True  # mm_on_gpu(x, w) where `def mm_on_gpu(x, w): return x.cuda().mm(w.cuda()).cpu()` (set 17)
        return any(self.is_tensorish(a) for a in call.args) and (
            q not in self.functions or (not fn_scope and q in self._syncing_functions(False) and
                                        any(self.placement(a) == "cuda" for a in call.args)))

    def _computes_on_gpu_args(self, fn: ast.AST, call: ast.Call) -> bool:
        """A function of the file, handed a tensor shown to live on the GPU, computes on that parameter itself (an
        operator, a torch function or a tensor method on it): its ops are kernels launched on the GPU."""
        args = getattr(fn, "args", None)
        if args is None or any(isinstance(a, ast.Starred) for a in call.args):
            return False
        pos = [a.arg for a in (*args.posonlyargs, *args.args)]
        names = {pos[i] for i, a in enumerate(call.args) if i < len(pos) and self.placement(a) == "cuda"}
        names |= {k.arg for k in call.keywords if k.arg is not None and self.placement(k.value) == "cuda"}
        if not names:
            return False

        memo = self.__dict__.setdefault("_wp_param_compute", {})
        key = (id(fn), frozenset(names))
        if key not in memo:
            memo[key] = self._computes_on(fn, names)
        return memo[key]

    def _computes_on(self, fn: ast.AST, names: set[str]) -> bool:
        def param(x: ast.AST) -> bool:
            return isinstance(x, ast.Name) and x.id in names

        for n in self.nodes_in(fn):
            if isinstance(n, ast.BinOp) and (param(n.left) or param(n.right)):
                return True
            if isinstance(n, ast.Call):
                m = self.method(n)
                if m is not None and param(n.func.value) and m not in HOST_METHODS and \
                        m not in HIDDEN_SYNC_METHODS and m not in TRANSFER_METHODS and m not in ("size", "dim"):
                    return True  # type: ignore[attr-defined]
                if (self.call_name(n) or "").startswith("torch.") and any(param(a) for a in n.args):
                    return True
        return False

    def gpu_work_in(self, nodes: list[ast.AST]) -> list[ast.AST]:
        out: list[ast.AST] = []
        for n in nodes:
            if ((isinstance(n, ast.Call) and self.is_gpu_work(n)) or self.is_matmul_on_gpu(n) or
                    self.is_array_op_on_gpu(n)) and not in_lambda(n):
                out.append(n)
        return out

    def is_array_op_on_gpu(self, n: ast.AST) -> bool:
        """Arithmetic on a CuPy/PyCUDA/Numba device array (``a_gpu + b_gpu`` on ``cp.array`` data): a kernel
        launched asynchronously, as a torch op is."""
        parent = getattr(n, "_wp_parent", None)
        if isinstance(parent, ast.AugAssign) and parent.target is n and isinstance(parent.op, _ARITH):
            return self._aug_assign_on_gpu(parent)
        if not (isinstance(n, ast.BinOp) and isinstance(n.op, _ARITH)):
            return False
        if any(self._library_array(x) for x in (n.left, n.right)):
            return True
        # `x * y` on torch tensors known to be on the GPU (none known on the CPU): the outermost operator only
        if isinstance(getattr(n, "_wp_parent", None), ast.BinOp) or not self._inferred:
            return False
        for x in (n.left, n.right):
            if isinstance(x, ast.Call) and (self.call_name(x) in HOST_BUILTINS or self.call_name(x) in HOST_CLOCKS
                                            or self.method(x) in HIDDEN_SYNC_METHODS):
                return False  # len(out) - len(ids), time.time() - start, loss.item() * n: host numbers
        sides = [self.placement(x) for x in (n.left, n.right)]
        return "cpu" not in sides and any(
            p == "cuda" and isinstance(x, (ast.Name, ast.Attribute, ast.Subscript))
            for p, x in zip(sides, (n.left, n.right)))

    def _aug_assign_on_gpu(self, st: ast.AugAssign) -> bool:
        """``b += b`` / ``acc *= w`` on a torch tensor known to be on the GPU (the value not known on the CPU, nor a
        host number): an in-place kernel launched asynchronously, as ``b.add_(b)`` is."""
        if self._library_array(st.target):
            return True
        if not self._inferred or not isinstance(st.target, (ast.Name, ast.Attribute, ast.Subscript)):
            return False
        v = st.value
        if isinstance(v, ast.Call) and (self.call_name(v) in HOST_BUILTINS or self.call_name(v) in HOST_CLOCKS
                                        or self.method(v) in HIDDEN_SYNC_METHODS):
            return False
        if self.placement(v) == "cpu":
            return False
        return self.placement(st.target) == "cuda"

    def _library_array(self, x: ast.AST, depth: int = 0) -> bool:
        if isinstance(x, ast.BinOp):
            return depth < 8 and (self._library_array(x.left, depth + 1) or self._library_array(x.right, depth + 1))
        if isinstance(x, ast.Call):
            return (self.call_name(x) or "").startswith(_ARRAY_LIBS)
        d = dotted(x)
        if d is None:
            return False
        cache = self.__dict__.setdefault("_lib_arrays", {})
        if d not in cache:  # once per name; a cycle (`a = a + 1`) reads False
            cache[d] = False
            values = self.assigns.get(d, [])
            cache[d] = bool(values) and all(
                (isinstance(v, ast.Call) and (self.call_name(v) or "").startswith(_ARRAY_LIBS)) or
                (isinstance(v, ast.BinOp) and self._library_array(v, depth + 1)) for v in values)
        return cache[d]

    def is_matmul_on_gpu(self, n: ast.AST) -> bool:
        """``a @ b`` whose operands are not both known to live on the CPU."""
        return isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult) and self.placement(n) != "cpu"

    # ---------------------------------------------------------------- regions
    @property
    def regions(self):  # list[Region]
        if self._regions is None:
            from ._regions import find_regions

            self._regions = find_regions(self)
        return self._regions

    def calls_between(self, scope: Scope, lo: int, hi: int) -> Iterator[ast.Call]:
        """Calls whose statement lies strictly between statement indices ``lo`` and ``hi`` of ``scope``."""
        for stmt in scope.stmts[lo + 1:hi]:
            yield from stmt_calls(stmt)

    # ---------------------------------------------------------------- reporting
    def position(self, node: ast.AST) -> tuple[int, int, int, int]:
        """(line, col, end_line, end_col): 1-based lines, 0-based character columns."""
        line = node.lineno  # type: ignore[attr-defined]
        end_line = getattr(node, "end_lineno", None) or line
        return (line, self.char_col(line, node.col_offset),  # type: ignore[attr-defined]
                end_line, self.char_col(end_line, getattr(node, "end_col_offset", None) or 0))

    def char_col(self, line: int, byte_col: int) -> int:
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        if text.isascii():
            return byte_col
        return len(text.encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    def text(self, node: ast.AST) -> str:
        """The source text of ``node`` (like ``ast.get_source_segment``, without re-splitting the file)."""
        try:
            line, end_line = node.lineno, node.end_lineno  # type: ignore[attr-defined]
            col, end_col = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
        except AttributeError:
            return ""
        if end_line is None or end_col is None:
            return ""
        chunk = [ln.encode("utf-8") for ln in self.lines[line - 1:end_line]]
        if not chunk:
            return ""
        if len(chunk) == 1:
            return chunk[0][col:end_col].decode("utf-8", "replace")
        chunk[0], chunk[-1] = chunk[0][col:], chunk[-1][:end_col]
        return b"\n".join(chunk).decode("utf-8", "replace")

    def loads(self, key: str) -> list[ast.AST]:
        """Every Name/Attribute load whose dotted text is ``key`` (an index built on first use)."""
        index = getattr(self, "_loads", None)
        if index is None:
            index = {}
            for scope in self.scopes:
                for stmt in scope.stmts:
                    for n in stmt_nodes(stmt):
                        t = type(n)
                        if t is ast.Name or (t is ast.Attribute and type(n.value) is ast.Name):  # type: ignore
                            if type(n.ctx) is ast.Load:  # type: ignore[attr-defined]
                                index.setdefault(dotted(n), []).append(n)
            self._loads = index
        return index.get(key, [])

    def scope_loads(self, key: str, scope: Scope) -> list[ast.AST]:
        """The loads of ``key`` whose statement is in ``scope`` (an index by scope, built once per name)."""
        index = self.__dict__.setdefault("_scope_loads", {})
        per = index.get(key)
        if per is None:
            per = {}
            for ld in self.loads(key):
                st = getattr(ld, "_wp_stmt", None)
                if st is not None:
                    per.setdefault(id(st._wp_scope), []).append(ld)  # type: ignore[attr-defined]
            index[key] = per
        return per.get(id(scope), [])

    def scope_assigns(self, key: str, scope: Scope) -> list[ast.stmt]:
        """The assignment statements of ``key`` in ``scope`` (an index by scope, built once per name)."""
        index = self.__dict__.setdefault("_scope_assigns", {})
        per = index.get(key)
        if per is None:
            per = {}
            for st in self.assign_stmts.get(key, ()):
                per.setdefault(id(st._wp_scope), []).append(st)  # type: ignore[attr-defined]
            index[key] = per
        return per.get(id(scope), [])

    def report(self, node: ast.AST, message: str, fix_title: str, fix: Fix | None = None, *,
               weak: bool = False) -> None:
        """A finding; ``weak=True``: the evidence is weak (the mistake is possible, not shown), so it is reported
        only when the group ``extra`` is selected, with the message saying so."""
        if weak:
            if not self._weak_ok:
                return
            message += " (weak evidence, shown with `extra`)"
        line, col, end_line, end_col = self.position(node)
        self.report_at(line, col + 1, end_line, end_col + 1, message, fix_title, fix)

    def report_at(self, line: int, column: int, end_line: int, end_column: int, message: str, fix_title: str,
                  fix: Fix | None = None) -> None:
        """Report a span given directly (1-based lines and columns), e.g. a notebook magic that has no AST node."""
        code, name = self._rule
        self.diagnostics.append(Diagnostic(code, name, message, fix_title, self.path, line, column, end_line,
                                           end_column, fix))


_ARITH = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
# arrays of GPU libraries other than torch (their arithmetic launches kernels); torch tensors go through placement
_ARRAY_LIBS = ("cupy.", "cupyx.", "pycuda.gpuarray.", "numba.cuda.to_device", "numba.cuda.device_array")


# torch functions that read or write files: host work (a checkpoint loaded with map_location= may be copied to a GPU)
_TORCH_FILE_IO = frozenset({"torch.load", "torch.save", "torch.jit.load", "torch.jit.save", "torch.hub.load",
                            "torch.hub.load_state_dict_from_url", "torch.onnx.export", "torch.export.save",
                            "torch.export.load"})


def in_lambda(node: ast.AST) -> bool:
    """``node`` is inside a lambda: it runs when the lambda is called, not when its statement runs."""
    parent = getattr(node, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Lambda):
            return True
        parent = getattr(parent, "_wp_parent", None)
    return False


# runtime and driver queries of a GPU module (CUDA Python's `cudaGetDeviceProperties`, `cudaRuntimeGetVersion`,
# `cuDeviceGetAttribute`, a `get_device_name`): they read properties, they launch nothing
_QUERY = re.compile(r"^(cuda|cu|hip|nvrtc)?(Runtime|Driver)?_?(get|Get)[A-Z_]|^(get_|device_count$)|[vV]ersion$")


def stmt_calls(stmt: ast.stmt) -> list[ast.Call]:
    """Calls evaluated by ``stmt`` itself (its header for compound statements), in source order."""
    cached = getattr(stmt, "_wp_own_calls", None)
    if cached is None:
        cached = [n for n in stmt_nodes(stmt) if isinstance(n, ast.Call)]
        cached.sort(key=lambda c: (c.lineno, c.col_offset))
        stmt._wp_own_calls = cached  # type: ignore[attr-defined]
    return cached


def stmt_nodes(stmt: ast.stmt) -> list[ast.AST]:
    """Expression nodes evaluated by ``stmt`` itself (header only for compound statements)."""
    return getattr(stmt, "_wp_nodes", [])


def _arg_values(call: ast.Call) -> list[ast.AST]:
    """The values a call is handed, positional and by keyword (not ``*args``/``**kwargs`` themselves)."""
    return [*call.args, *(k.value for k in call.keywords if k.arg is not None)]
