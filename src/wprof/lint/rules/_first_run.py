"""The warmup model of WP103 and WP112: has this GPU work already run in this process before the start of this timed
region?

Answered by walking the program in execution order, the way the interpreter would on its first run: the module body
top to bottom (an ``if __name__ == "__main__":`` block and a notebook's cells included), with every call of a
function of the file or of the project's imported modules expanded at its call site (its body runs there, its
parameters bound to the caller's arguments), loops walked for their first iteration (and once more, as a later
iteration, when a condition on the loop variable skipped part of the first: ``if i > 9:``, ``if i == 0: continue``),
branches of an ``if`` walked each from the state before it (what either ran counts afterwards, unless one of them
returned). Functions the walk never reaches (entry points, a library's helpers) are walked on their own, their
parameters unknown.

What ran is a set of identities: the callable object for work defined in the program (a name followed through
assignments and aliases, ``self.attr``, a parameter bound to its argument; a name bound anew by a constructor or a
compile call is a new object) or the callee's qualified name for library work (``torch.mm``, ``flash_attn_func``,
an imported Triton wrapper). An object handed to a library call (``torch2trt(model, [x])``) or whose method other than
a set-up one runs (``model.generate(...)``) counts as run.

Each timed region reached gets one :class:`Visit` per distinct binding of its function's parameters: the identities
that ran before its start, and the call chain that led there (for a finding at the call site where a cold object is
handed in)."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from .._context import Context, dotted
from .._infer import eager_cuda_jit_def, import_compiles_kernels, maybe_disabled
from .._names import COMPILERS
from .._walk import stmt_nodes
from ._walk_values import _LATER, AMORTIZED, Const, _const, _first_values, _test, amortized, loop_count, present  # noqa: F401
from ._composite_ops import call_parts
from ._peer_links import link_ids, link_ran
from ._project_objects import enter_opens_gpu, method_of, own_method, project_class, region_starts
from ._ufunc_order import gpu_ufunc_call
from . import _repeat_calls as repeat
from ._walk_calls import runs_nothing
from ._warm_comments import reads_only
from ._walk_calls import (_BINDS_ONLY, _GPU_LIBS, _HOST_BUILTINS, _SETUP, _compiled_call, _compiled_name,  # noqa: F401
                          _evaluation_order, _harness_def, _head, _in_lambda, _instance_of, _maybe_placed_on_gpu,
                          _may_skip_sample, _method, _nothing_to_run_on, _option_value, _prepares_placed_model, _ran, gpu_use,
                          never_runs)
from ._walk_devices import built_on_host, device_items, device_value, made_on, mark_host, note_move, on_host_here

HOST_RUN = "@cpu"  # the suffix of a callee's identity when a call tells it to run on the host (`device="cpu"`)
_BUDGET = 40000  # statement visits per file: the walk stays linear in practice, never unbounded
_DEPTH = 8  # nested expansions of calls


@dataclass
class Visit:
    """One arrival of the walk at a region's start: what ran before (identities), the parameters' identities in
    this expansion (None: unknown), the call sites that led there (outermost first), and whether the function was
    walked on its own (no caller seen)."""

    ran: _Ids  # (read with `in`)
    called: _Ids
    env: dict
    sites: tuple
    entry: bool
    later: bool = False  # reached in a later iteration of an enclosing loop (its first one skipped the start)
    gpu: bool = True  # the GPU was used before the region started (False: the region's GPU use is the first)
    cold: list = field(default_factory=list)  # (work item, identity) that had never run when the region ran it
    unknown: bool = False  # a work item whose identity the walk does not know (a parameter no caller binds)
    checked: set = field(default_factory=set)
    warm: int = 0  # work items that had run before
    compiles: set = field(default_factory=set)  # ids of cold items inside which a compiled callable first ran
    row: bool = False  # reached in a later row of a written-out list of configurations (``later`` too)
    opens_gpu: set = field(default_factory=set)  # ids of the region's calls (in its own frame) inside which the
    # program first used the GPU (the CUDA context is created there, inside the timed span)


class _Ids:
    """A set of identities kept in layers: its own additions (``own``) on the layers it was built on (``base``,
    never changed again: visits and copies of a state read them). A copy, a visit's record and the join of
    branches cost what was added since, not the whole set (a long module's state is copied at every branch)."""

    __slots__ = ("own", "base")

    def __init__(self, base: _Ids | None = None, own: set | None = None) -> None:
        self.own = set() if own is None else own
        self.base = base

    def __contains__(self, key: object) -> bool:
        s: _Ids | None = self
        while s is not None:
            if key in s.own:
                return True
            s = s.base
        return False

    def add(self, key: str) -> None:
        self.own.add(key)

    def update(self, keys) -> None:
        self.own.update(keys)

    def all(self) -> set:
        out: set = set()
        s: _Ids | None = self
        while s is not None:
            out |= s.own
            s = s.base
        return out

    def frozen(self, floor: _Ids | None) -> _Ids:
        """These identities as layers that are never changed again, merged with the layers below while those are not
        more than twice as large (a state stays a few layers deep), never into ``floor`` (the layers of the state it
        was copied from). The caller stops writing to this object."""
        if not self.own and self.base is not None:
            return self.base
        own, base = self.own, self.base
        while base is not None and base is not floor and 2 * len(own) >= len(base.own):
            own, base = base.own | own, base.base
        return self if own is self.own else _Ids(base, own)

    def since(self, floor: _Ids | None) -> set | None:
        """What was added on top of ``floor`` (None: these layers are not built on it)."""
        out: set = set()
        s: _Ids | None = self
        while s is not floor:
            if s is None:
                return None
            out |= s.own
            s = s.base
        return out


@dataclass
class _State:
    ran: _Ids = field(default_factory=_Ids)
    called: _Ids = field(default_factory=_Ids)  # identities that ran as the callee of a call (not only handed over)
    gpu: bool = False  # something used the GPU already (the CUDA context exists)
    floor: tuple = (None, None)  # the layers of the state this one was copied from (its own are above them)

    def freeze(self) -> tuple[_Ids, _Ids]:
        """What ran and was called so far, never changed again (a visit's record, a copy's base); the state goes on
        in new layers."""
        ran, called = self.ran.frozen(self.floor[0]), self.called.frozen(self.floor[1])
        self.ran, self.called = _Ids(ran), _Ids(called)
        return ran, called

    def copy(self) -> _State:
        ran, called = self.freeze()
        return _State(_Ids(ran), _Ids(called), self.gpu, (ran, called))

    def take(self, *others: _State) -> None:
        """What any of ``others`` ran (branches that each may be the path taken)."""
        base_ran, base_called = self.ran.base, self.called.base
        added = None
        if others and not self.ran.own and not self.called.own and \
                all(o.floor[0] is base_ran and o.floor[1] is base_called for o in others):
            # copies of this state, unchanged since (each: this state and its own additions): add what they added
            added = [(o.ran.since(base_ran), o.called.since(base_called)) for o in others]
        if added is not None and all(r is not None and c is not None for r, c in added):
            self.ran = _Ids(base_ran, set().union(*(r for r, _ in added)))
            self.called = _Ids(base_called, set().union(*(c for _, c in added)))
        else:
            self.ran = _Ids(None, set().union(*(o.ran.all() for o in others)))
            self.called = _Ids(None, set().union(*(o.called.all() for o in others)))
        self.gpu = any(o.gpu for o in others)


class _Walker:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.starts: dict[int, list] = {}
        for r in ctx.regions:
            if r.outer is None:
                self.starts.setdefault(id(r.scope.stmts[r.lo]), []).append(r)
        self.visits: dict[int, list[Visit]] = {}
        self.budget = _BUDGET
        self.stack: list[int] = []
        self.open: list = []  # (region, visit, frame env) of the regions being walked through
        self.work: dict[int, set] = {}
        self.fresh_compiled = 0
        self.row = 0  # > 0 while a later row of a list of configurations is walked (``_later_rows``)
        self.fresh_gpu_compiled = 0  # of those, the ones shown to be GPU work (a kernel launch, a GPU model)
        self.first_direct = False  # the program's first GPU use was a call that names the GPU
        self.fresh = 0  # GPU work calls that ran for the first time, counted (a call of the program's own
        # functions is cold when its body runs some)
        self.counter = 0
        self.globals: dict = {}
        self.attrs: dict[str, str] = {}  # "<object>.<attr>" -> the identity it was set to
        self.expanded: set[int] = set()
        self.rets: list = []  # per expansion, the identities its `return` statements hand back
        self.returned: dict[int, list] = {}  # id(call) -> what the expanded function returned (its last return)
        self.cur = ctx  # the context of the file whose code is walked (a project module's, expanded)
        self.made_from: dict[str, list] = {}  # identity -> the identities handed to the call that made it
        self.placed: dict[str, str | None] = {}  # identity -> where the value it names was made (the file's own)
        self.host_built: set[str] = set()  # identities of objects the file built on the host (``built_on_host``)
        self.made_by: dict[str, str] = {}  # identity of a value a call returned -> that call, over identities
        self.compiled_ids: set[str] = set()  # identities an attribute was bound to by a compile call
        self.compiled_attrs: list[tuple[str, str]] = []  # (object, compiled identity) per such binding, in order
        self.obj_classes: dict[str, tuple] = {}  # identity of an instance of a project class -> (its module, class)
        self.building: list[str] = []  # the project objects whose `__init__` is being walked
        self.foreign: dict[int, tuple] = {}  # id(region) of a project module's region reached -> (its module, region)
        self.foreign_fns: set[int] = set()  # ids of project functions whose regions were registered

    # ------------------------------------------------------------ identities
    def ident(self, e: ast.AST | None, env: dict) -> str | None:
        """The identity of the object an expression names (None: unknown)."""
        if isinstance(e, ast.Name):
            v = self.lookup(e.id, env, e.id)
            return None if isinstance(v, Const) else v
        if isinstance(e, ast.Attribute):
            base = self.ident(e.value, env)
            got = None if base is None else self.attrs.get(f"{base}.{e.attr}", f"{base}.{e.attr}")
            return None if isinstance(got, Const) else got
        if isinstance(e, ast.Subscript):  # `kernel[grid]`
            return self.ident(e.value, env)
        if isinstance(e, ast.Call) and dotted(e.func) in ("functools.partial", "partial") and e.args:
            return self.ident(e.args[0], env)
        if isinstance(e, ast.Lambda) and isinstance(e.body, ast.Call):
            return self.callee(e.body, env)
        if isinstance(e, ast.Call) and (got := self.returned.get(id(e))) and len(got) == 1 and isinstance(got[0], str):
            return got[0]  # `Runner(n).bench()`: the object the call made (or a function of the program returned)
        return None

    def lookup(self, name: str, env: dict, default=None):
        e = env
        while e is not None:  # a nested function sees its caller's names (its parent's, where it is called)
            if name in e:
                return e[name]
            e = e.get("\0outer")
        if self.cur is self.ctx and name in self.globals:
            return self.globals[name]
        if default is None:
            return None
        if name in self.cur.imports:
            return self.cur.imports[name]
        return name if name in self.cur.functions or name in self.cur.classes or name in _HOST_BUILTINS else None

    def value(self, e: ast.AST, env: dict):
        """A constant the code shows (a literal, a name bound to one: ``device = "cpu"``), else the identity."""
        if isinstance(e, ast.Constant):
            return Const(e.value)
        if isinstance(e, ast.Name) and isinstance(v := self.lookup(e.id, env), Const):
            return v
        return device_value(e) or self.ident(e, env)  # (`torch.device("cpu")`: a device, as its string)

    def callee(self, c: ast.AST, env: dict) -> str | None:
        if isinstance(c, ast.BinOp):
            return "@" if isinstance(c.op, ast.MatMult) else None
        if not isinstance(c, ast.Call):
            return None
        f = c.func
        if isinstance(f, ast.Call) and isinstance(f.func, ast.Attribute) and f.func.attr == "forall":
            return self.ident(f.func.value, env)  # Numba's `kernel.forall(n)(...)`: a launch of `kernel`
        if isinstance(f, ast.Attribute) and f.attr == "forall" and \
                isinstance(getattr(c, "_wp_parent", None), ast.Call) and c._wp_parent.func is c:  # type: ignore
            return None  # (its `kernel.forall(n)`: the launch configuration, not a run)
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and \
                self.lookup(f.value.id, env) in ("cupy", "numpy"):
            return f"{self.lookup(f.value.id, env)}.{f.attr}"  # `xp.exp(x)` with `xp` the module of `x`
        if isinstance(f, ast.Attribute) and f.attr == "backward" and isinstance(f.value, ast.Name) and \
                (made := self.made_by.get(self.ident(f.value, env) or "")) is not None:
            return f"{made}.backward"  # autograd's backward of the graph one call of the same objects builds: the
            # same work whatever name the result got (a warm-up loop's `out = f(q, k); out.backward(g)`)
        if isinstance(f, ast.Attribute) and not isinstance(f.value, ast.Name) or \
                isinstance(f, ast.Attribute) and self.cur.is_tensorish(f.value):
            return f"tensor.{f.attr}" if self.cur.is_tensorish(f.value) else self.ident(f, env)  # an op on a tensor
        return self.ident(f, env)

    # ------------------------------------------------------------ the walk
    def run(self) -> dict[int, list[Visit]]:
        main = _State()
        self.block(self.ctx.tree.body, main, self.globals, (), {}, False)
        called = {c.func.id for c in self.ctx.calls if isinstance(c.func, ast.Name)}
        by_attr: dict[str, list] = {}
        for c in self.ctx.calls:
            if isinstance(c.func, ast.Attribute):
                by_attr.setdefault(c.func.attr, []).append(c)
        fns = [f for f in self.ctx.functions.values() if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]
        roots = [f for f in fns if f.name not in called and id(f) not in self.expanded and
                 not any(not _own_namesake(f, c) for c in by_attr.get(f.name, ()))]  # entry points first
        rootids = {id(f) for f in roots}
        with_regions = {id(r.scope.node) for r in self.ctx.regions if r.outer is None}
        for fn in roots + [f for f in fns if id(f) not in rootids]:
            if id(fn) in rootids and not self._reaches_region(fn, with_regions):
                continue
            if id(fn) not in rootids and (id(fn) not in with_regions or any(
                    v for r in self._regions_in(fn) for v in self.visits.get(id(r), []))):
                continue
            params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)]
            env2 = {p: None for p in params}
            env2.update({a.arg: None for a in (fn.args.vararg, fn.args.kwarg) if a})
            # called back after the module ran (a root), or called where the walk could not follow ("unreached":
            # what ran before it is not known)
            self.block(fn.body, main.copy(), env2, (), {}, True if id(fn) in rootids else "unreached")
        return self.visits

    def _reaches_region(self, fn: ast.AST, with_regions: set) -> bool:
        """``fn`` holds a timed region or calls a function of the file that does (a root worth walking)."""
        return id(fn) in with_regions or any(
            isinstance(c.func, ast.Name) and id(self.ctx.functions.get(c.func.id)) in with_regions
            for c in self.ctx.calls_in_function(fn))

    def _regions_in(self, fn: ast.AST) -> list:
        return [r for r in self.ctx.regions if r.scope.node is fn and r.outer is None]

    def block(self, body: list, st: _State, env: dict, sites: tuple, loopvars: dict, entry: bool,
              later: bool = False) -> str | None:
        """Walk ``body``; return how it ended ("return", "continue", "break") or None when it falls through."""
        for s in body:
            self.budget -= 1
            if self.budget < 0:
                return None
            if self.open:
                self.open = [o for o in self.open if not (o[2] is env and o[0].scope is s._wp_scope and  # type: ignore
                                                          s._wp_idx >= o[0].hi)]  # type: ignore[attr-defined]
            if not st.gpu and id(s) in self.starts and enter_opens_gpu(self, s, env):
                st.gpu = True  # `with timer("x"):` of a project timer that synchronizes before its start reading
            for r in self.starts.get(id(s), ()):
                v = Visit(*st.freeze(), dict(env), sites, entry, later, gpu=st.gpu, row=self.row > 0)
                self.visits.setdefault(id(r), []).append(v)
                if id(r) not in self.work:
                    from ._common import work_items

                    from ._carried import device_object_calls, waiting_method_runs

                    rc = self.cur if id(r) in self.foreign else self.ctx  # (a region of a project module: its own)
                    self.work[id(r)] = {id(n) for n in work_items(rc, r)} | device_object_calls(rc, r) | \
                        waiting_method_runs(rc, r) | {id(c) for c in r.calls() if isinstance(c.func, ast.Name)
                                                      and rc.lazy_jit(c.func.id)}  # (a Numba
                    # `@njit` function compiles on its first call, on the host: WP112's, whatever it runs on)
                self.open.append((r, v, env))
            if isinstance(s, (ast.Import, ast.ImportFrom)) and any(
                    "autoinit" in (a.name or "") or "autoinit" in (getattr(s, "module", "") or "") for a in s.names):
                st.gpu = True  # `import pycuda.autoinit` creates the context
            if not st.gpu and (import_compiles_kernels(self.cur, s) or (
                    eager_cuda_jit_def(self.cur, s) and self.cur.functions.get(s.name) is s)):
                st.gpu = True  # a Numba kernel given its signature, here or in a module imported: compiled at its
                # `def`, which creates the CUDA context (benchmarks/eager_jit_context.py: 3 of 3 on an H200)
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
                continue
            end = self.stmt(s, st, env, sites, loopvars, entry, later)
            if end:
                return end
        return None

    def stmt(self, s: ast.stmt, st: _State, env: dict, sites: tuple, loopvars: dict, entry: bool,
             later: bool) -> str | None:
        self.calls(s, st, env, sites, entry)
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Attribute) and \
                s.value.func.attr in ("to", "cuda") and isinstance(s.value.func.value, ast.Name) and \
                self.cur is self.ctx and not self.cur.is_tensorish(s.value.func.value):
            note_move(self, s.value, env, self.ident(s.value.func.value, env))  # `model.cuda()`: a module moved
            # in place (a tensor's `.to()` as a statement moves nothing; its identity is not one the file built)
        if isinstance(s, (ast.Return, ast.Raise)):
            if isinstance(s, ast.Return) and s.value is not None and self.rets:
                vals = s.value.elts if isinstance(s.value, ast.Tuple) else [s.value]
                self.rets[-1].append([self._compiled_value(e) or self.value(e, env) for e in vals])
            return "return"
        if isinstance(s, ast.Continue):
            return "continue"
        if isinstance(s, ast.Break):
            return "break"
        if isinstance(s, ast.Assign):
            self.bind(s, env)
            if isinstance(s.value, ast.Call) and self.cur.method(s.value) == "get_function":
                st.ran.update(k for t in s.targets if (k := self.ident(t, env)))  # PyCUDA: loaded when obtained
            return None
        if isinstance(s, ast.If):
            return self.branch(s, st, env, sites, loopvars, entry, later)
        if isinstance(s, (ast.For, ast.AsyncFor, ast.While)):
            self.loop(s, st, env, sites, loopvars, entry, later)
            return None
        if isinstance(s, (ast.With, ast.AsyncWith)):
            for it in s.items:  # `with torch.cuda.graph(g):` captures what `g.replay()` runs
                e = it.context_expr
                if isinstance(e, ast.Call) and (dotted(e.func) or "").endswith("graph") and e.args:
                    k = self.ident(e.args[0], env)
                    st.ran.update({f"{k}.replay"} if k else ())
            return self.block(s.body, st, env, sites, loopvars, entry, later)
        if isinstance(s, ast.Try) or type(s).__name__ == "TryStar":
            end = self.block(s.body, st, env, sites, loopvars, entry, later)
            for h in s.handlers:  # error paths: walked for the regions they hold, their effects dropped
                self.block(h.body, st.copy(), env, sites, loopvars, entry, later)
            if s.orelse and not end:
                end = self.block(s.orelse, st, env, sites, loopvars, entry, later)
            self.block(s.finalbody, st, env, sites, loopvars, entry, later)
            return end if end == "return" else None
        if type(s).__name__ == "Match":
            subs = [st.copy()]
            for case in s.cases:  # type: ignore[attr-defined]
                sub = st.copy()
                if self.block(case.body, sub, env, sites, loopvars, entry, later) != "return":
                    subs.append(sub)
            st.take(*subs)
        return None

    def branch(self, s: ast.If, st: _State, env: dict, sites: tuple, loopvars: dict, entry: bool,
               later: bool) -> str | None:
        truth = _test(s.test, loopvars, lambda n: self.lookup(n, env))
        if truth is None and any(isinstance(n, ast.Name) and n.id in loopvars for n in ast.walk(s.test)):
            truth = loopvars[next(n.id for n in ast.walk(s.test) if isinstance(n, ast.Name) and n.id in loopvars)] \
                is _LATER  # a condition on the loop variable the walk cannot read: taken as a warm-up guard
        if truth is True:
            return self.block(s.body, st, env, sites, loopvars, entry, later)
        if truth is False:
            return self.block(s.orelse, st, env, sites, loopvars, entry, later)
        a, b = st.copy(), st.copy()
        ea = self.block(s.body, a, env, sites, loopvars, entry, later)
        eb = self.block(s.orelse, b, env, sites, loopvars, entry, later)
        if ea and eb:
            st.take(a, b)
            return ea if ea == eb else None
        st.take(*([b] if ea else [a] if eb else [a, b]))  # what either path ran (unless the other returned)
        return None

    def loop(self, s: ast.stmt, st: _State, env: dict, sites: tuple, loopvars: dict, entry: bool,
             later: bool) -> None:
        if never_runs(self.cur, s, env):  # `for _ in range(warmup):` with `warmup=0`: nothing ran
            if getattr(s, "orelse", None):
                self.block(s.orelse, st, env, sites, loopvars, entry, later)
            return
        first = _first_values(self.cur, s)
        lv = {**loopvars, **first}
        self._bind_first_item(s, env)  # `for name, fn in [("a", op_a), ...]`: the first iteration's objects
        targets = {n.id for n in ast.walk(s.target) if isinstance(n, ast.Name)} if isinstance(
            s, (ast.For, ast.AsyncFor)) else set()
        if targets - set(first) and any(isinstance(n, ast.If) and any(
                isinstance(x, ast.Name) and x.id in targets for x in ast.walk(n.test)) and _may_skip_sample(n)
                for n in ast.walk(s)):
            # `for i in range(start, n): ... if i == -1: continue` with `start` unknown: which iteration first
            # reaches a region the walk cannot tell; what it reaches counts as a later iteration (not judged cold)
            later = True
        devices = device_items(s)
        if devices:  # `for dev in ["cpu", "cuda"]:` one pass per device, the name bound to it
            for d in devices[:-1]:
                env[s.target.id] = Const(d)  # type: ignore[attr-defined]
                self.block(s.body, st, env, sites, lv, entry, later)
            env[s.target.id] = Const(devices[-1])  # type: ignore[attr-defined]
        end = self.block(s.body, st, env, sites, lv, entry, later)
        self._later_rows(s, st, env, sites, lv, entry)
        skipped = end is not None or any(isinstance(n, ast.If) and any(isinstance(x, ast.Name) and x.id in first
                                                                        for x in ast.walk(n.test)) for n in ast.walk(s))
        if skipped:  # a later iteration: the loop variable past its first values
            lv2 = {**loopvars, **{k: _LATER for k in first}}
            self.block(s.body, st, env, sites, lv2, entry, True)
        if getattr(s, "orelse", None):
            self.block(s.orelse, st, env, sites, loopvars, entry, later)

    def _later_rows(self, s: ast.stmt, st: _State, env: dict, sites: tuple, lv: dict, entry: bool) -> None:
        """A loop over a written-out list of configurations whose later rows hand over a compiled object
        (``for name, fn in [("eager", f), ("compiled", torch.compile(f))]:``, a dict's ``.items()``): the body is
        walked once more per row up to the last such one (at most ``_ROWS``), each row's objects bound, on a copy of
        the state (what it runs counts for nothing after the loop). Its visits are later ones (``row``): only WP112
        judges them, a compiled object's first call in its own row."""
        rows = _rows(self.cur, s)[1:_ROWS + 1]
        if not rows or not isinstance(s, (ast.For, ast.AsyncFor)) or self.cur is not self.ctx or \
                (isinstance(s.iter, ast.Name) and _loads(self.ctx).get(s.iter.id, 0) != 1):
            return  # (a list of the file named once, in this loop: no other loop, a warm-up, walks it)
        bound = [[(t.id, self._compiled_value(v) or self.ident(v, env), v) for t, v in row] for row in rows]
        last = max((i for i, row in enumerate(bound) if any(
            isinstance(k, str) and (isinstance(v, ast.Call) or (
                isinstance(v, ast.Name) and _loads(self.ctx).get(v.id, 0) == 1 and (
                    k in self.compiled_ids or self.cur.is_compiled(k.split("#")[0]) or
                    _compiled_name(self.cur, k.split("#")[0])))) for _, k, v in row)), default=-1)
        # (a compiled object of the row named nowhere else in the file: nothing before the loop can have run it)
        if last < 0:
            return
        names = {n for row in bound for n, _, _ in row}
        saved = {n: env[n] for n in names if n in env}
        sub = st.copy()
        self.row += 1
        try:
            for row in bound[:last + 1]:
                for n, k, _ in row:
                    if k is None:
                        env.pop(n, None)
                    else:
                        env[n] = k
                self.block(s.body, sub, env, sites, lv, entry, True)
        finally:
            self.row -= 1
            for n in names:
                if n in saved:
                    env[n] = saved[n]
                else:
                    env.pop(n, None)

    def _bind_first_item(self, s: ast.stmt, env: dict) -> None:
        """A loop over a list of configurations the file writes out (a list or tuple literal, or a name bound only
        to one): its target names the first element's objects in the first iteration (``fn`` is ``attention``)."""
        if not isinstance(s, (ast.For, ast.AsyncFor)):
            return
        it = s.iter
        if isinstance(it, ast.Name) and self.cur is self.ctx:
            vals = self.ctx.assigns.get(it.id, [])
            it = vals[0] if len(vals) == 1 else None
        if not isinstance(it, (ast.List, ast.Tuple)) or not it.elts:
            return
        first, tgt = it.elts[0], s.target
        pairs = [(tgt, first)] if isinstance(tgt, ast.Name) else list(zip(tgt.elts, first.elts)) if isinstance(
            tgt, ast.Tuple) and isinstance(first, ast.Tuple) and len(tgt.elts) == len(first.elts) else []
        for t, v in pairs:
            if isinstance(t, ast.Name) and isinstance(v, (ast.Name, ast.Attribute)):
                got = self.ident(v, env)
                if got is not None:
                    env[t.id] = got

    def bind(self, s: ast.Assign, env: dict) -> None:
        """``g = model`` (an alias: the same object), ``f = torch.compile(model)`` or ``m = Net()`` (a new object,
        named by the statement), ``model = model.half()`` (the same object after set-up)."""
        v = present(s.value)  # `g = None if off else capture(f)`: the object it makes, when it makes one
        root = v
        while isinstance(root, ast.Call) and isinstance(root.func, ast.Attribute) and root.func.attr in _SETUP and \
                isinstance(root.func.value, ast.Call):
            root = root.func.value  # `Net(cfg).cuda().eval()`: the object the constructor made
        got = self.returned.get(id(root)) if isinstance(root, ast.Call) else None
        for t in s.targets:
            if isinstance(t, ast.Attribute):  # `self.model = model`: the instance's attribute names that object
                base = self.ident(t.value, env)
                if base is not None:
                    val = got[0] if got is not None and len(got) == 1 else self.value(v, env) if isinstance(
                        v, (ast.Name, ast.Attribute, ast.Constant)) else None
                    if val is None:
                        self.counter += 1
                        val = f"{base}.{t.attr}#{self.counter}"
                        if _compile_call(self.cur, v):
                            self.compiled_ids.add(val)  # `self.model = torch.compile(self.model)`: a new object,
                            self.compiled_attrs.append((base, val))  # compiled on its first call
                    self.attrs[f"{base}.{t.attr}"] = val
                continue
            if got is not None:  # `m = load()`, `g, x = capture(...)`: what the function of the program returned
                names = t.elts if isinstance(t, ast.Tuple) else [t]
                if len(names) == len(got) and (len(got) > 1 or isinstance(t, ast.Name)):
                    for n, val in zip(names, got):
                        if isinstance(n, ast.Name):
                            self.counter += 1
                            env[n.id] = val if val is not None else f"{n.id}#{self.counter}"
                    if v is not root and len(got) == 1 and got[0] is not None and self.cur is self.ctx and \
                            (where := made_on(self, v, env)) is not None:
                        self.placed[got[0]] = where  # `model = Net().to(device)`, `device` bound here: there
                    continue
            if isinstance(t, ast.Tuple):
                vals = v.elts if isinstance(v, ast.Tuple) and len(v.elts) == len(t.elts) else [None] * len(t.elts)
                for n, e in zip(t.elts, vals):
                    if isinstance(n, ast.Name) and isinstance(e, ast.Constant):
                        env[n.id] = Const(e.value)  # `n_warmup, n_test = 20, 200`: constants, as one by one
                    elif isinstance(n, ast.Name):
                        self.counter += 1
                        env[n.id] = f"{n.id}#{self.counter}"
                        if isinstance(e, ast.Call) and self.cur is self.ctx and \
                                (where := made_on(self, e, env)) is not None:
                            self.placed[env[n.id]] = where  # `x, y = x.to(device), y.to(device)`
                continue
            if not isinstance(t, ast.Name):
                continue
            if isinstance(v, ast.Constant) or (isinstance(v, ast.Name) and isinstance(self.lookup(v.id, env), Const)):
                env[t.id] = self.value(v, env)
            elif isinstance(v, (ast.Name, ast.Attribute)) or (isinstance(v, ast.Call) and
                                                            dotted(v.func) in ("functools.partial", "partial")):
                env[t.id] = self.ident(v, env)
            elif isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in _SETUP and \
                    isinstance(v.func.value, ast.Name) and v.func.value.id == t.id and \
                    not any(k.arg == "memory_format" for k in v.keywords):  # (`model = model.to(memory_format=
                # torch.channels_last)`: the same weights, other kernels (NHWC convolutions chosen anew): new work)
                if self.cur is self.ctx:
                    note_move(self, v, env, self.ident(t, env))  # `x = x.to(dev)`: the same object, moved
                continue
            elif isinstance(v, ast.Call) and (self.cur.call_name(v) or "").endswith(".get_array_module") and \
                    v.args and (mod := self._array_module(v.args[0], env)) is not None:
                env[t.id] = mod  # `xp = cp.get_array_module(x)`: CuPy for an array on the GPU, else NumPy
            else:
                self.counter += 1
                cls = _instance_of(self.cur, v, env, self)
                env[t.id] = f"{cls}()#{self.counter}" if cls else f"{t.id}#{self.counter}"
                if _compile_call(self.cur, v):
                    self.compiled_ids.add(env[t.id])  # `opt = torch.compile(m)`: a new object, compiled on its
                    # first call
                if v is not None and self.cur is self.ctx:
                    self.placed[env[t.id]] = made_on(self, v, env) or (
                        "cpu" if isinstance(v, ast.Call) and _host_here(self, v, env) else None) or \
                        self.ctx.placement(v)  # where the new
                    # value lives (array modules; a tensor made on the device this call of its function was handed)
                    if built_on_host(self, v, env):
                        self.host_built.add(env[t.id])  # (moved to the GPU later: a new object there)
                if isinstance(v, ast.Call) and not cls and (made := made_by_call(self, v, env)) is not None:
                    self.made_by[env[t.id]] = made
                if isinstance(v, ast.Call):  # what the new object was made from (a wrapper of a model)
                    self.made_from[env[t.id]] = [k for a in [*v.args, *(kw.value for kw in v.keywords)]
                                                 if isinstance(a, (ast.Name, ast.Attribute)) and
                                                 not _option_value(self.cur, a) and (k := self.ident(a, env))]

    def _array_module(self, a: ast.AST, env: dict) -> str | None:
        """The array module of the value ``a`` names, from where the walk saw it made: ``"cupy"`` on the GPU,
        ``"numpy"`` on the host, None when not known."""
        place = self.placed.get(self.ident(a, env)) if isinstance(a, (ast.Name, ast.Attribute)) else None
        return {"cuda": "cupy", "cpu": "numpy"}.get(place or "")

    def calls(self, s: ast.stmt, st: _State, env: dict, sites: tuple, entry: bool) -> None:
        ctx = self.cur
        timed = [o for o in self.open if o[2] is env] if self.open else []
        for n in stmt_nodes(s):
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult):
                if ctx is self.ctx and on_host_here(self, n, env):
                    mark_host(self, n, timed)
                    continue  # `X @ X` on tensors this call made on the CPU
                if timed:
                    self.item(n, "@", st, timed)
                if ctx.placement(n) != "cpu":
                    st.ran.add("@")
        for c in _evaluation_order(s):
            if _in_lambda(c):
                continue
            if self._compiled_ahead(c, env, st):
                continue  # `k.compile()` of a CuPy RawKernel: compiled here, ahead of its first launch
            key = self.callee(c, env)
            d = ctx.callee_def(c) if isinstance(c.func, (ast.Name, ast.Attribute)) else None
            host = key + HOST_RUN if d is None and key is not None and ctx is self.ctx and \
                _told_host(self, c, key, env) else None  # `model.predict(img, device="cpu")`: host work, judged
            key = host or key  # and remembered apart from the GPU runs of the same callee
            if d is None and key in ctx.functions and isinstance(c.func, ast.Name):
                d = (ctx, ctx.functions[key])  # `run_fn()` with `run_fn` bound to a function of the file
            if d is not None and isinstance(c.func, ast.Name) and (c.func.id in ctx._cuda_ufuncs or
                                                                   gpu_ufunc_call(ctx, c)):
                d = None  # a Numba GPU ufunc: its body is the kernel, run on the GPU (not a Python call to expand)
            if key is not None and d is None and ctx is self.ctx and key.split(".")[0] in ("torch", "tensor") and \
                    on_host_here(self, c, env):
                mark_host(self, c, timed)
                continue  # `torch.matmul(X, X)` on tensors this call made on the CPU: host work, warms no GPU op
            if key is not None and d is None and ctx is self.ctx and self.placed.get(key.split(".")[0]) == "cpu" and \
                    not _gpu_operand(self, c, env):
                mark_host(self, c, timed)
                continue  # `model = model.to("cpu")` in this call of its function, then `model(x)`: the CPU run of
                # a CPU-vs-GPU benchmark, host work that warms nothing on the GPU
            if not st.gpu and d is None and ((gpu_use(ctx, c) or _maybe_placed_on_gpu(ctx, c)) and
                                             not _context_free(ctx, c) and not _host_here(self, c, env) or
                                             isinstance(c.func, ast.Name) and gpu_ufunc_call(ctx, c)):
                # (a Numba GPU ufunc copies its host operands in and launches: it opens the context)
                st.gpu = True  # (a function of the program uses the GPU where its body does)
                self.first_direct = gpu_use(ctx, c, direct=True) or made_on(self, c, env) == "cuda"  # (a call that
                # names the GPU, not a guess; or a move to a device this call of its function was handed, "cuda")
                if self.first_direct:
                    for _, v, _ in timed:
                        v.opens_gpu.add(id(c))  # `d = cuda.to_device(a)` timed: the first GPU call of the program
            if self._compiled_in_place(c, env):
                continue
            prior = _ran(key, st.ran) if key is not None else None  # (itself, the object it is part of, or another
            # instance of its class)
            comp_here, fwd = self._first_compiled_call(c, key, st)
            if d is None and timed and not (key and "()#" in key and not _ran(key, st.ran) and isinstance(
                    c.func, (ast.Attribute, ast.Name)) and (m := self._method(ctx, key, c.func.attr) if isinstance(
                    c.func, ast.Attribute) else self._method(ctx, key, "__call__") or self._method(ctx, key, "forward"))
                    is not None and not _harness_def(m) and (m[0] is ctx or m[0].uses_gpu)):
                self.item(c, key, st, timed, compiles=comp_here)  # (a method of an instance not exercised yet, one
                # piece of work, is judged below by what its body runs: a kernel compiled on its first launch there
                # is WP112's; not one of a project module that shows no GPU, whose body cannot say: judged here)
            if host is not None:
                st.ran.add(host)
                continue  # run on the host: it warms its own host runs, nothing on the GPU
            after = None
            if fwd is not None:
                st.ran.add(fwd)
            if key is not None:
                if key not in st.ran and d is None and not key.startswith("numpy.") and (
                        ctx.is_gpu_work(c) or key.startswith(("cupy.", "cupyx."))) and \
                        not repeat.made_in_repeat(self, key):  # (an op on a value made inside a repeated call)
                    self.fresh += 1
                if comp_here:
                    self.fresh_compiled += 1  # a compiled callable's first call: it compiles here
                    if ctx.is_gpu_work(c) or isinstance(c.func, ast.Subscript):
                        self.fresh_gpu_compiled += 1
                st.ran.add(key)
                st.ran.update(call_parts(ctx, c) if d is None else ())  # (`torch.logsumexp` ran `torch.amax`)
                st.ran.update(link_ids(ctx, c) if d is None else ())  # (`dist.send(x, 1)` opened the link to rank 1)
                st.called.add(key)
                if key.endswith(".capture_begin"):
                    st.ran.add(key.rsplit(".", 1)[0] + ".replay")
                base = key.rsplit(".", 1)[0]
                if "()#" in key:
                    k0, _, rest = key.partition("()#")
                    st.ran.add(k0 + "()" + ("." + rest.split(".", 1)[1] if "." in rest else ""))
                if "." in key and isinstance(c.func, ast.Attribute) and not runs_nothing(c.func.attr) and \
                        base not in ("self", "tensor") and _head(c.func) not in ctx.imports and \
                        not _prepares_placed_model(ctx, c) and not reads_only(c) and \
                        not (self.building and (base == self.building[-1] or base.startswith(self.building[-1] + "."))):
                    # (not `self.reset_parameters()` in the `__init__` of a project class: building an object does
                    # not run it)
                    if "()#" in key and self._method(ctx, key, c.func.attr) is not None:
                        after = base  # `r.bench()` of an instance of the file's class: the instance is exercised
                        # once the method ran, not while it runs (`self.step()` inside `bench` is judged cold)
                    else:
                        st.ran.add(base)  # `model.generate(...)` exercised `model`
            if d is None and isinstance(c.func, ast.Attribute) and key and "()#" in key:
                d = self._method(ctx, key, c.func.attr)  # `b.check()` with `b = CheckedBench()`: its method runs
            elif d is None and isinstance(c.func, ast.Name) and key and "()#" in key:
                d = self._method(ctx, key, "__call__") or self._method(ctx, key, "forward")  # `runner(x)`: its __call__
            obj = None
            if d is None and isinstance(c.func, ast.Name) and c.func.id in ctx.classes and \
                    c.func.id not in ctx.functions:  # `Runner(model)`: a new instance, its __init__ runs here
                self.counter += 1
                obj = f"{c.func.id}()#{self.counter}"
                self.returned[id(c)] = [obj]
                self.made_from[obj] = [k for a in [*c.args, *(kw.value for kw in c.keywords)]
                                       if isinstance(a, (ast.Name, ast.Attribute)) and not _option_value(ctx, a) and
                                       (k := self.ident(a, env))]
                d = _method(ctx, obj, "__init__")
            elif d is None and (cls := project_class(ctx, c)) is not None:  # `JDETracker(opt)` of a class of a
                self.counter += 1  # project module: a new instance, its __init__ runs here (in that module)
                obj = f"{cls[1].name}()#{self.counter}"
                self.returned[id(c)] = [obj]
                self.obj_classes[obj] = cls
                self.made_from[obj] = [k for a in [*c.args, *(kw.value for kw in c.keywords)]
                                       if isinstance(a, (ast.Name, ast.Attribute)) and not _option_value(ctx, a) and
                                       (k := self.ident(a, env))]
                d = own_method(cls, "__init__")
            if d is not None and isinstance(d[1], (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    len(self.stack) < _DEPTH and id(d[1]) not in self.stack:
                if not comp_here and prior is False and _compiled_def(ctx, d[1]):
                    comp_here = True  # `net(x)` of a class of the file whose `forward` is `@torch.compile`d, a
                    self.fresh_compiled += 1  # method so decorated: its first call compiles
                before, comp_before, bound = self.fresh, self.fresh_compiled, len(self.compiled_attrs)
                gpu_before, context_before = self.fresh_gpu_compiled, st.gpu
                sig = repeat.signature(self, c, env, d)  # `inference()` called as before: the same work again
                repeat.enter(self, sig, st.ran)
                if obj is not None and obj in self.obj_classes:
                    self.building.append(obj)
                try:
                    self.expand(c, d, st, env, sites, entry, obj)
                finally:
                    repeat.leave(self, sig, st.ran)
                    if obj is not None and obj in self.obj_classes:
                        self.building.pop()
                if timed and not context_before and st.gpu and self.first_direct:
                    for _, v, _ in timed:
                        v.opens_gpu.add(id(c))  # `MatrixMultiply(A, B)` whose body makes the first GPU array
                if timed:
                    called_obj = isinstance(c.func, ast.Name) and prior is False and \
                        isinstance(key, str) and key in self.obj_classes  # `rnn(X)` of
                    # a project nn.Module: its forward's work may be opaque to its module (an extension's op), the
                    # object itself never ran: cold, as an object of a library is
                    self.item(c, key, st, timed, (self.fresh > before or called_obj) and not _harness_def(d),
                              self.fresh_compiled > comp_before or comp_here,
                              extra=self.fresh_gpu_compiled > gpu_before)  # (`op.run()` of an object handed in,
                    # no GPU work by its looks, whose body first launches a JIT kernel: a work item all the same)
                    if self.fresh_compiled > comp_before:
                        for _, v, _ in timed:  # (a harness judged cold before its body was walked: a compiled
                            if any(n is c for n, _ in v.cold):  # callable first ran inside it)
                                v.compiles.add(id(c))
                if after is not None and not any(o == after and k not in st.ran
                                                 for o, k in self.compiled_attrs[bound:]):
                    st.ran.add(after)  # (not a set-up method that compiled an attribute of the instance and never
                    # called it: `eng.compile()` binding `self.model = torch.compile(self.model)`)
                continue
            if after is not None:
                st.ran.add(after)
            if dotted(c.func) in _HOST_BUILTINS or ctx.call_name(c) in _BINDS_ONLY:
                continue  # (`types.MethodType(fn, model)` binds a method to the model, runs nothing)
            handed = [a.value if isinstance(a, ast.Starred) else a for a in [*c.args, *(k.value for k in c.keywords)]]
            for a in handed:  # handed to a library call: it may run it
                k = self.ident(a, env) if isinstance(a, (ast.Name, ast.Attribute)) else None
                if k is not None and not (isinstance(a, ast.Name) and _nothing_to_run_on(ctx, c, a, handed)):
                    st.ran.add(k)
            for n in ast.walk(c):  # a lambda handed over: its body may run there
                if isinstance(n, ast.Lambda) and isinstance(n.body, ast.Call) and n is not c:
                    k = self.callee(n.body, env)
                    if k is not None:
                        st.ran.add(k)

    def _method(self, ctx: Context, key: str, name: str) -> tuple | None:
        """The method ``name`` of the class an instance identity was made of: a class of the module walked, or one
        of a project module (:mod:`._project_objects`)."""
        return _method(ctx, key, name) or method_of(self, key, name)

    def _compiled_value(self, e: ast.AST) -> str | None:
        """A new identity for a compile call's result (``return torch.compile(m, mode=mode)``), else None."""
        if not _compile_call(self.cur, e):
            return None
        from ._common import _LAZY_KERNEL_BUILDS

        if isinstance(e, ast.Call) and (self.cur.call_name(e) or "") in _LAZY_KERNEL_BUILDS:
            key = f"compiled#{self.cur.text(e)}"  # a CuPy kernel: compiled once per source (CuPy's kernel cache),
            self.compiled_ids.add(key)  # however many objects are built from it (`def k(): return
            return key  # cp.ElementwiseKernel(...)` called again builds the same kernel)
        self.counter += 1
        self.compiled_ids.add(f"compiled#{self.counter}")
        return f"compiled#{self.counter}"

    def _compiled_ahead(self, c: ast.Call, env: dict, st: _State) -> bool:
        """``k.compile()`` of a CuPy kernel (``k = cp.RawKernel(src, "f")``): RawKernel.compile compiles and loads
        the kernel now, so its first launch after that is not a compile (the kernel counts as run)."""
        from ._common import _compiled_ahead

        f = c.func
        if not (isinstance(f, ast.Attribute) and isinstance(f.value, (ast.Name, ast.Attribute)) and
                (name := dotted(f.value)) is not None and _compiled_ahead(self.cur, c, name)):
            return False
        k = self.ident(f.value, env)
        if k is None:
            return False
        st.ran.add(k)
        return True

    def _compiled_in_place(self, c: ast.Call, env: dict) -> bool:
        """``model.compile(mode=...)`` as a statement, on a GPU module (nn.Module.compile wraps its forward in
        torch.compile, its next call compiles): the name, or the attribute, names a new compiled object."""
        from .._infer import _TORCH_COMPILE_KW, _discarded

        f = c.func
        if not (isinstance(f, ast.Attribute) and f.attr == "compile" and not c.args and _discarded(c) and
                all(k.arg in _TORCH_COMPILE_KW for k in c.keywords) and
                isinstance(f.value, (ast.Name, ast.Attribute)) and dotted(f.value) in self.cur._gpu_callables):
            return False
        self.counter += 1
        if isinstance(f.value, ast.Name):
            old = self.lookup(f.value.id, env)
            if not isinstance(old, str):
                return False
            new = f"{old.split('#')[0]}#{self.counter}"
            e = env
            while e is not None and f.value.id not in e:
                e = e.get("\0outer")
            (e if e is not None else env)[f.value.id] = new
        else:
            base = self.ident(f.value.value, env)
            if base is None:
                return False
            new = f"{base}.{f.value.attr}#{self.counter}"
            self.attrs[f"{base}.{f.value.attr}"] = new
            self.compiled_attrs.append((base, new))
        self.compiled_ids.add(new)
        return True

    def _first_compiled_call(self, c: ast.Call, key: str | None, st: _State) -> tuple[bool, str | None]:
        """(``c`` is the first call of a compiled callable, the identity of a compiled ``forward`` it runs
        first or None). A compiled callable: by its name (``_compiled_call``), an attribute the walk saw bound to a
        compile call (``self.model = torch.compile(self.model)`` in a set-up method), or an object whose
        ``forward`` was (``model.forward = torch.compile(model.forward)``: calling the module runs it)."""
        if key is None or key in st.ran:
            return False, None
        fwd = self.attrs.get(f"{key}.forward")
        if fwd is None and isinstance(c.func, ast.Attribute) and c.func.attr in _RUNS_FORWARD and "." in key:
            fwd = self.attrs.get(f"{key.rsplit('.', 1)[0]}.forward")  # `model.generate(...)` runs its forward
        if isinstance(fwd, str) and fwd in self.compiled_ids and fwd not in st.ran:
            return True, fwd
        if key in self.compiled_ids:
            return True, None
        cls, sep, rest = key.partition("()#")  # (another instance of the same class ran: not surely cold)
        if sep and cls + "()" + ("." + rest.split(".", 1)[1] if "." in rest else "") in st.ran:
            return False, None
        return _compiled_call(self.cur, c, key), None

    def item(self, n: ast.AST, key: str | None, st: _State, timed: list, fresh: bool | None = None,
             compiles: bool = False, extra: bool = False) -> None:
        """A work item of an open region runs: cold when its identity never ran (a call of the program's own
        functions: when its body ran GPU work for the first time)."""
        for r, v, _ in timed:
            if (id(n) not in self.work.get(id(r), ()) and not extra) or id(n) in v.checked:
                continue
            v.checked.add(id(n))
            if key is None and fresh is None:
                v.unknown = True
            elif compiles or (fresh if fresh is not None else not (_ran(key, st.ran) or link_ran(self.cur, n, st.ran))):
                v.cold.append((n, key))
                if compiles:
                    v.compiles.add(id(n))  # a compiled callable first runs inside this call
            elif not any(k == key for _, k in v.cold):
                v.warm += 1

    def expand(self, c: ast.Call, d: tuple, st: _State, env: dict, sites: tuple, entry: bool,
               obj: str | None = None) -> None:
        fctx, fn = d
        a = fn.args  # type: ignore[attr-defined]
        pos = [p.arg for p in (*a.posonlyargs, *a.args)]
        new: dict = {p: None for p in [*pos, *(p.arg for p in a.kwonlyargs)]}
        new.update({p.arg: None for p in (a.vararg, a.kwarg) if p})
        if isinstance(getattr(getattr(fn, "_wp_scope", None), "node", None), (ast.FunctionDef, ast.AsyncFunctionDef)):
            new["\0outer"] = env  # a closure called from its parent
        args = list(c.args)
        if pos and pos[0] in ("self", "cls") and (obj is not None or isinstance(c.func, (ast.Attribute, ast.Name))):
            new[pos[0]] = obj if obj is not None else self.ident(c.func.value if isinstance(c.func, ast.Attribute)
                                                                 else c.func, env)
            pos = pos[1:]
        allpos = [*a.posonlyargs, *a.args]
        for p, dflt in [*zip(allpos[len(allpos) - len(a.defaults):], a.defaults),
                        *zip(a.kwonlyargs, a.kw_defaults)]:
            if isinstance(dflt, ast.Constant):
                new[p.arg] = Const(dflt.value)  # (a passed argument replaces it below)
        if any(isinstance(x, ast.Starred) for x in args):
            args = []
        for p, x in zip(pos, args):
            new[p] = self.value(x, env)
        for k in c.keywords:
            if k.arg in new:
                new[k.arg] = self.value(k.value, env)
        if fctx is not self.ctx and id(fn) not in self.foreign_fns:
            self.foreign_fns.add(id(fn))  # the regions of a project function the walk enters: reached like the file's
            for r in region_starts(fctx, fn):
                self.foreign[id(r)] = (fctx, r)
                self.starts.setdefault(id(r.scope.stmts[r.lo]), []).append(r)
        self.stack.append(id(fn))
        self.expanded.add(id(fn))
        self.rets.append([])
        outer, self.cur = self.cur, fctx
        try:
            self.block(fn.body, st, new, sites + (c,), {}, entry)  # type: ignore[attr-defined]
        finally:
            self.stack.pop()
            rets = self.rets.pop()
            if len(rets) == 1 or (rets and all(r == rets[0] for r in rets)):
                self.returned[id(c)] = rets[0]
            self.cur = outer
            if self.open:
                self.open = [o for o in self.open if o[2] is not new]


_RUNS_FORWARD = frozenset({"generate", "predict", "sample", "infer"})  # a model's methods that run its forward
_ROWS = 8  # later rows of a list of configurations walked for their compiled objects


def _host_here(walker, c: ast.Call, env: dict) -> bool:
    """``c`` runs on the host in this expansion of its function, whatever the static placement guesses: a move or
    factory whose device the walk bound to the CPU (``SimpleNN().to(device)`` in ``train(device="cpu")``), or a call
    whose receiver and object operands are all names the walk saw placed on the CPU here (``optim.SGD(
    model.parameters())``, ``model(x)`` after ``model = model.to("cpu")``): the CPU run of a CPU-vs-GPU helper
    creates no CUDA context, so the GPU run after it is the program's first GPU use."""
    if made_on(walker, c, env) == "cpu":
        return True
    if gpu_use(walker.ctx, c, direct=True):
        return False  # `cupy.asarray(host)`, `x.cuda()`: the call that names the GPU puts its host operands there
    f = c.func
    heads = [(f.value, False)] if isinstance(f, ast.Attribute) else [(f, True)] if isinstance(f, ast.Name) and \
        f.id not in walker.ctx.functions else []
    heads += [(a, False) for a in [*c.args, *(k.value for k in c.keywords)] if not isinstance(a, ast.Constant)]
    places = []
    for h, callee in heads:
        while isinstance(h, (ast.Attribute, ast.Call, ast.Subscript)):
            h = h.func if isinstance(h, ast.Call) else h.value
        if not isinstance(h, ast.Name):
            return False
        k = walker.ident(h, env)
        if k is None or k not in walker.placed:
            if h.id in env:
                return False  # a local value the walk does not place
            continue  # (a module, `torch` of `torch.randint(0, 10, (n,))`: the operands say where it runs)
        if walker.placed[k] is None:
            if callee:
                continue  # `criterion(out, y)` of `nn.CrossEntropyLoss()`: no weights, it runs where its inputs are
            return False
        places.append(walker.placed[k])
    return bool(places) and all(p == "cpu" for p in places)


def _told_host(walker, c: ast.Call, key: str, env: dict) -> bool:
    """``obj.predict(img, device="cpu")``, ``pipe(x, device=dev)`` with ``dev`` bound to ``"cpu"``: a call of an object
    of the program (not a library function: ``torch.randn(n, device="cpu")``) told by its ``device=`` argument to
    run on the host."""
    from ._walk_devices import device_const

    if key.split(".")[0] in walker.ctx.imports:
        return False
    dev = next((k.value for k in c.keywords if k.arg == "device"), None)
    d = device_const(walker, dev, env)
    return d is not None and d.split(":")[0] == "cpu"


def _own_namesake(fn: ast.AST, c: ast.Call) -> bool:
    """``model.transcribe(audio)`` inside a module-level ``def transcribe(...)``: a method of another object that
    shares the function's name, not a call of the function (which an attribute reaches only from outside it)."""
    if not isinstance(getattr(fn, "_wp_parent", None), ast.Module):
        return False
    n = getattr(c, "_wp_parent", None)
    while n is not None and n is not fn:
        n = getattr(n, "_wp_parent", None)
    return n is fn


def _rows(ctx: Context, s: ast.stmt) -> list[list[tuple[ast.Name, ast.AST]]]:
    """Per element of the written-out list a loop walks (a list or tuple literal, a dict literal's ``.items()`` or
    ``.values()``, or a name bound only to one of those), the loop's target names paired with the element's
    expressions (names and attributes only). Empty when the loop walks anything else."""
    if not isinstance(s, (ast.For, ast.AsyncFor)):
        return []
    it, method = s.iter, None
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and it.func.attr in ("items", "values") and \
            not it.args:
        it, method = it.func.value, it.func.attr
    if isinstance(it, ast.Name):
        vals = ctx.assigns.get(it.id, [])
        it = vals[0] if len(vals) == 1 else None
    if method is None and isinstance(it, (ast.List, ast.Tuple)):
        elts = list(it.elts)
    elif method == "items" and isinstance(it, ast.Dict) and None not in it.keys:
        elts = [ast.Tuple(elts=[k, v]) for k, v in zip(it.keys, it.values)]
    elif method == "values" and isinstance(it, ast.Dict):
        elts = list(it.values)
    else:
        return []
    out = []
    tgt = s.target
    for e in elts:
        pairs = [(tgt, e)] if isinstance(tgt, ast.Name) else list(zip(tgt.elts, e.elts)) if isinstance(
            tgt, ast.Tuple) and isinstance(e, ast.Tuple) and len(tgt.elts) == len(e.elts) else []
        out.append([(t, v) for t, v in pairs if isinstance(t, ast.Name) and (
            isinstance(v, (ast.Name, ast.Attribute)) or _compile_call(ctx, v))])
    return out


def _loads(ctx: Context) -> dict[str, int]:
    """How many times each name is read in the file (counted once per file)."""
    got = ctx.__dict__.get("_wp_name_loads")
    if got is None:
        got = {}
        for n in ctx.all_nodes():
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                got[n.id] = got.get(n.id, 0) + 1
        ctx._wp_name_loads = got  # type: ignore[attr-defined]
    return got


def _compile_call(ctx: Context, v: ast.AST | None) -> bool:
    """``torch.compile(model, ...)`` (a compiler of ``COMPILERS``), one the code cannot turn off."""
    return isinstance(v, ast.Call) and ctx.call_name(v) in COMPILERS and not maybe_disabled(v)


def _compiled_def(ctx: Context, fn: ast.AST) -> bool:
    """A function or method of the file decorated by a compiler (``@torch.compile``, ``@torch.jit.script``) that
    compiles on its first call."""
    from .._infer import _cpu_jit, eager_numba_kernel

    for d in getattr(fn, "decorator_list", ()):
        target = d.func if isinstance(d, ast.Call) else d
        q = ctx.qualname(target) or ""
        if (q in COMPILERS or q.endswith((".jit", ".compile", ".autotune"))) and not eager_numba_kernel(q, d) and \
                not _cpu_jit(q, d):
            return True
    return False


def made_by_call(w: _Walker, v: ast.Call, env: dict) -> str | None:
    """``f(q, k, v)`` as the callee's identity and its arguments' (names of known objects, constants): the same
    text for a call of the same function on the same objects, wherever it is written; None when an argument is
    anything else (a fresh value's call, an expression)."""
    key = w.callee(v, env)
    if key is None or "#" in key and key not in w.made_from:
        return None  # (an object the program built, such as a model, is the same callee wherever it is called)
    parts = []
    for a in [*v.args, *(kw.value for kw in v.keywords)]:
        val = w.value(a, env) if isinstance(a, (ast.Name, ast.Attribute, ast.Constant)) else None
        if val is None:
            return None
        parts.append(repr(val.value) if isinstance(val, Const) else w.made_by.get(str(val), str(val)))  # (a value
        # an earlier call made: that call's text, so `logits = model(x); loss = ce(logits, y)` in a warm-up loop
        # and in the timed loop build the same graph)
    names = [kw.arg for kw in v.keywords]
    if None in names:
        return None
    return f"{key}({', '.join(parts[:len(v.args)] + [f'{n}={p}' for n, p in zip(names, parts[len(v.args):])])})"


def visits(ctx: Context) -> dict[int, list[Visit]]:
    """id(region) -> the walk's arrivals at its start (computed once per file)."""
    cached = ctx.__dict__.get("_wp_first_run")
    if cached is None:
        w = _Walker(ctx)
        cached = w.run()
        ctx._wp_first_run = cached
        ctx._wp_first_run_globals = w.globals
        ctx._wp_first_run_attrs = w.attrs  # type: ignore[attr-defined]
        ctx._wp_made_from = w.made_from  # type: ignore[attr-defined]
        ctx._wp_made_by = w.made_by  # type: ignore[attr-defined]
        ctx._wp_returned = w.returned  # type: ignore[attr-defined]
        ctx._wp_foreign_visits = [(w.foreign[k][0], w.foreign[k][1], v) for k in w.foreign  # type: ignore
                                  for v in cached.get(k, ())]
    return cached


def identity(ctx: Context, node: ast.AST, env: dict) -> str | None:
    """The identity of the work of ``node`` (a call or a matrix product) under a visit's parameter bindings.

    A view of the walk's naming after it ended: every table ``callee``/``ident`` read is the walk's own (an
    ``engine.backward(loss)`` reads which call made ``loss``; a view without that table failed on such a call)."""
    w = _Walker.__new__(_Walker)
    w.ctx = w.cur = ctx
    w.globals = ctx.__dict__.get("_wp_first_run_globals", {})
    w.attrs = ctx.__dict__.get("_wp_first_run_attrs", {})
    w.made_by = ctx.__dict__.get("_wp_made_by", {})  # (`callee` reads what the visits' calls returned)
    w.returned = ctx.__dict__.get("_wp_returned", {})
    w.made_from = ctx.__dict__.get("_wp_made_from", {})
    return w.callee(node, env)


def _context_free(ctx: Context, c: ast.Call) -> bool:
    """A ``torch.cuda`` query answered without creating the CUDA context (``is_available()``, ``device_count()``,
    the allocator's statistics): it does not make the next GPU call warm."""
    from ._cold_walk import _context_free_query

    return _context_free_query(ctx, c)


def cold_regions(ctx: Context):
    """(region, visit) for each arrival of the walk at a region (the visit's ``cold`` lists the timed work that had
    never run)."""
    from ._carried import hub_on_gpu

    if not ctx.uses_gpu and not hub_on_gpu(ctx):
        return []
    return [(r, v) for r in ctx.regions for v in visits(ctx).get(id(r), ())]


def warm_by_walk(ctx: Context, r, node: ast.AST) -> bool:
    """The walk reached region ``r`` from the program (or as an entry point after the module body) and every time found ``node``'s
    callable already called before it (itself, not only handed to a library call): warm (a warm-up the shape-specific finders do not see, such as a model run inside
    another object's method before the timed call)."""
    vs = [v for v in visits(ctx).get(id(r), ()) if v.entry != "unreached" and not v.later]  # (a root
    # function runs after the whole module body: what the module ran is warm there)
    return bool(vs) and all(isinstance(k := identity(ctx, node, v.env), str) and "#" in k and k in v.called
                            for v in vs)  # (an object the program built: an op of a library ran on other data)


def _gpu_operand(walker, c: ast.Call, env: dict) -> bool:
    """An argument of ``c`` names a value the walk saw made (or moved) on the GPU in this expansion."""
    for a in (*c.args, *(k.value for k in c.keywords)):
        if isinstance(a, ast.Name):
            k = walker.ident(a, env)
            if k is not None and walker.placed.get(k) == "cuda":
                return True
    return False
