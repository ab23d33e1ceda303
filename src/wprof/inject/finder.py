"""Find a script's training loop by reading its AST (the script is never run here).

A *candidate* is a loop that may be the training loop:

- ``for ... in ITER`` where ITER is not a plain ``range``/literal (``loader``, ``enumerate(loader)``,
  ``tqdm(loader)``, ``self.train_loader``): kind ``"for"``;
- ``for ... in range(n)`` (or ``itertools.count()``) and ``while ...`` loops: kinds ``"for-range"`` and ``"while"``,
  timed with hooks; a fetch in their body (``next(it)``, ``get_batch(...)``) is data time. Every loop is a
  candidate (``--loop`` can force any); only those with evidence are picked: a batch fetch, or a backward pass and
  an optimizer step without any fetch (full-batch training, LBFGS closures, RL episodes);
- ``trainer.train()`` / ``trainer.fit(...)`` on a framework Trainer built in the file (``transformers.Trainer`` and
  its subclasses, TRL's, Lightning's): kind ``"trainer"``; the loop is the framework's, and ``wprof run`` attaches a
  callback (:mod:`wprof.integrations`) to the trainer object.

Each candidate carries *evidence*: scored facts with the line they rest on (iterates a ``DataLoader``; calls
``.backward()``; calls ``optimizer.step()``; fetches a batch; looks like evaluation: negative). Evidence is read from
the loop's own body, not from loops nested in it, so for ``for epoch ...: for batch in loader: ...`` the inner step
loop carries the training evidence. Calls to functions defined in the same file are followed (a ``train_step`` that
calls ``backward()`` counts for the loop that calls it). :func:`pick` takes the best-scoring candidate and says why.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from .trainers import FRAMEWORKS

__all__ = ["Evidence", "Candidate", "BatchSizeHint", "Analysis", "analyze", "pick", "Pick", "MIN_SCORE"]

MIN_SCORE = 3  # below this no loop is picked automatically: the user chooses with --loop

# Call wrappers that pass the data source through: the loop iterates their first positional argument.
_PASSTHROUGH = {"enumerate", "tqdm", "iter", "islice", "track", "progress", "progress_bar", "auto_tqdm", "cycle",
                "prefetch", "Prefetcher", "DevicePrefetcher"}
_LOADER_NAME = re.compile(r"(loader|dataloader|(^|_)dl$|(^|_)dl_|batches|data_iter|batch_iter|(^|_)it$|stream)",
                          re.I)
_EVAL_NAME = re.compile(r"(^|_)(val|valid|validation|eval|evaluate|test|dev)(_|$|loader|set|data)", re.I)
_TRAIN_NAME = re.compile(r"train", re.I)
_FETCH_FUNC = re.compile(r"(^next$|batch|^fetch|^get_data$|^load_data$|^sample$)", re.I)
_NO_GRAD = {"no_grad", "inference_mode"}
# loops over a counter, not over data: timed with hooks like `for i in range(n)` (`for i in count(1):`)
_COUNTERS = {"range", "trange", "xrange", "count"}



@dataclass(frozen=True)
class Evidence:
    """One scored fact about a loop, with the line it was read from."""

    points: int
    reason: str
    line: int

    def __str__(self) -> str:
        sign = "+" if self.points >= 0 else ""
        return f"{sign}{self.points} {self.reason} (line {self.line})"


@dataclass(frozen=True)
class BatchSizeHint:
    """A ``DataLoader(..., batch_size=EXPR)`` seen in the source: the expression and its value if it is a literal."""

    expr: str
    value: int | None
    line: int


@dataclass(frozen=True)
class Candidate:
    """A loop that may be the training loop."""

    lineno: int
    col: int
    kind: str  # "for" | "for-range" | "while" | "trainer"
    header: str  # the loop's first source line, stripped
    function: str | None  # enclosing function's qualified name; None at module level
    evidence: tuple[Evidence, ...]
    iterable: str | None = None  # source of the innermost data source of a for-loop ("loader")
    source_node: ast.expr | None = field(default=None, compare=False, repr=False)  # that data source
    fetches: tuple[ast.stmt, ...] = field(default=(), compare=False, repr=False)  # statements that fetch a batch
    batch_size: BatchSizeHint | None = None
    node: ast.stmt | None = field(default=None, compare=False, repr=False)
    gauge: str = ""  # how the loop is already timed by a wprof.Gauge ("" when it is not): wprof attaches none

    @property
    def score(self) -> int:
        return sum(e.points for e in self.evidence)

    @property
    def where(self) -> str:
        return f"line {self.lineno}" + (f" in {self.function}()" if self.function else "")

    def describe(self) -> str:
        """``line 42 in train_one_epoch(): for x, y in loader:  [score 8: +3 ..., +4 ...]``."""
        ev = "; ".join(str(e) for e in self.evidence) or "no evidence"
        return f"{self.where}: {self.header}  [score {self.score}: {ev}]"


@dataclass(frozen=True)
class Analysis:
    """Candidates of one file, in source order, and the parsed tree they point into."""

    filename: str
    source: str
    tree: ast.Module = field(compare=False, repr=False)
    candidates: tuple[Candidate, ...]

    def at_line(self, line: int) -> Candidate | None:
        """The candidate whose header starts on ``line`` (or, failing that, the innermost loop containing it)."""
        for c in self.candidates:
            if c.lineno == line:
                return c
        inside = [c for c in self.candidates
                  if c.node is not None and c.lineno <= line <= (c.node.end_lineno or c.lineno)]
        return max(inside, key=lambda c: c.lineno) if inside else None


@dataclass(frozen=True)
class Pick:
    """The chosen loop (or None) and the sentence that says why."""

    candidate: Candidate | None
    reason: str
    others: tuple[Candidate, ...] = ()


def _name_of(expr: ast.AST) -> str | None:
    """The last name of ``x``, ``self.x``, ``a.b.x``; None for other expressions."""
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return None


def _call_name(call: ast.Call) -> str | None:
    return _name_of(call.func)


def _unwrap_source(expr: ast.expr) -> ast.expr:
    """``enumerate(tqdm(loader, desc=...))`` -> ``loader``: follow pass-through wrappers to the data source."""
    while isinstance(expr, ast.Call) and expr.args and _call_name(expr) in _PASSTHROUGH \
            and not isinstance(expr.args[0], ast.Starred):
        expr = expr.args[0]
    return expr


def _is_range(expr: ast.expr) -> bool:
    expr = _unwrap_source(expr)
    return isinstance(expr, ast.Call) and _call_name(expr) in _COUNTERS


def _is_literal(expr: ast.expr) -> bool:
    expr = _unwrap_source(expr)
    return isinstance(expr, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.Constant, ast.JoinedStr))


def _walk_direct(stmts: list[ast.stmt]):
    """Nodes of ``stmts`` without descending into nested loops, functions, classes or lambdas."""
    stack: list[ast.AST] = list(reversed(stmts))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef,
                             ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


def _walk_deep(stmts: list[ast.stmt]):
    """Nodes of ``stmts`` including nested loops, without descending into functions, classes or lambdas."""
    stack: list[ast.AST] = list(reversed(stmts))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


def _is_fetch_call(call: ast.Call) -> bool:
    name = _call_name(call)
    return bool(name and _FETCH_FUNC.search(name)) and not (name or "").startswith("set_")


class _Module:
    """File-wide facts: functions by name, DataLoader assignments, optimizer names, parent links."""

    def __init__(self, tree: ast.Module, source: str) -> None:
        self.tree = tree
        self.lines = source.splitlines()
        self.functions: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        self.loaders: dict[str, tuple[ast.Call, int]] = {}  # name -> (DataLoader call, line)
        self.optimizers: set[str] = set()
        self.gauges: dict[str, int] = {}  # name -> line of its Gauge(...) call
        self.parents: dict[ast.AST, ast.AST] = {}
        self.fw_modules: dict[str, str] = {}  # `import lightning as L` -> {"L": "lightning"}
        self.fw_names: dict[str, str] = {}  # `from transformers import Trainer` -> {"Trainer": "transformers"}
        self.trainers: dict[str, tuple[str, str, int]] = {}  # name -> (framework, constructor, line)
        for node in ast.walk(tree):  # imports and Trainer subclasses first: assignments below refer to them
            if isinstance(node, ast.Import):
                for a in node.names:
                    fw = FRAMEWORKS.get(a.name.split(".")[0])
                    if fw:
                        self.fw_modules[a.asname or a.name.split(".")[0]] = fw
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                fw = FRAMEWORKS.get(node.module.split(".")[0])
                if fw:
                    for a in node.names:
                        self.fw_names[a.asname or a.name] = fw
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for b in node.bases:
                    fw = self.framework_of_ctor(b)
                    if fw:
                        self.fw_names[node.name] = fw
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Call):
                fw = self.framework_of_ctor(node.value.func)
                if fw:
                    for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                        tname = _name_of(t)
                        if tname:
                            self.trainers[tname] = (fw, ast.unparse(node.value.func), node.lineno)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.setdefault(node.name, []).append(node)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Call):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                cname = _call_name(node.value) or ""
                for t in targets:
                    tname = _name_of(t)
                    if tname is None:
                        continue
                    if cname.endswith("DataLoader") or cname.endswith("Loader"):
                        self.loaders[tname] = (node.value, node.lineno)
                    if self._is_optimizer_ctor(node.value):
                        self.optimizers.add(tname)
                    if cname == "Gauge":
                        self.gauges[tname] = node.lineno

    def framework_of_ctor(self, func: ast.expr) -> str | None:
        """The framework of a Trainer class expression (``Trainer``, ``L.Trainer``, ``SFTTrainer``), or None."""
        name = _name_of(func) or ""
        if not name.endswith("Trainer"):
            return None
        if isinstance(func, ast.Name):
            return self.fw_names.get(name)
        root = func
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name):
            return self.fw_modules.get(root.id) or self.fw_names.get(root.id)
        return None

    @staticmethod
    def _is_optimizer_ctor(call: ast.Call) -> bool:
        f = call.func
        text = ast.unparse(f)
        return "optim." in text or (_name_of(f) or "") in {"SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "LBFGS",
                                                           "Lion", "Adafactor", "configure_optimizers"}

    def header(self, node: ast.stmt) -> str:
        return self.lines[node.lineno - 1].strip() if node.lineno - 1 < len(self.lines) else ast.unparse(node)

    def qualname(self, node: ast.AST) -> str | None:
        names: list[str] = []
        p = self.parents.get(node)
        while p is not None:
            if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.append(p.name)
            p = self.parents.get(p)
        return ".".join(reversed(names)) or None

    def in_eval_context(self, node: ast.AST) -> str | None:
        """Why ``node`` looks like evaluation code (inside no_grad / an eval function), or None."""
        p = self.parents.get(node)
        while p is not None:
            if isinstance(p, (ast.With, ast.AsyncWith)):
                for item in p.items:
                    e = item.context_expr
                    if isinstance(e, ast.Call) and _call_name(e) in _NO_GRAD:
                        return f"runs under {ast.unparse(e)}"
            if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for d in p.decorator_list:
                    dn = _call_name(d) if isinstance(d, ast.Call) else _name_of(d)
                    if dn in _NO_GRAD:
                        return f"is in {p.name}(), decorated @{ast.unparse(d)}"
                if _EVAL_NAME.search(p.name) or p.name.startswith(("eval", "valid", "test")):
                    return f"is in {p.name}(), which looks like evaluation"
            p = self.parents.get(p)
        return None

    def optimizer_like(self, expr: ast.AST) -> bool:
        name = _name_of(expr) or ""
        return name in self.optimizers or bool(re.search(r"opt", name, re.I)) and "sched" not in name.lower()


def _training_evidence(mod: _Module, body: list[ast.stmt], *, via: str = "", depth: int = 0,
                       seen: set[str] | None = None) -> dict[str, Evidence]:
    """backward / optimizer step / zero_grad in ``body`` (not in nested loops), following local function calls.

    Returns one Evidence per kind (``"backward"``, ``"step"``, ``"zero_grad"``), the first found.
    """
    seen = set() if seen is None else seen
    found: dict[str, Evidence] = {}
    suffix = f" in {via}()" if via else ""
    for node in _walk_direct(body):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Attribute):
            if f.attr == "backward":
                found.setdefault("backward", Evidence(3, f"calls {ast.unparse(f)}(){suffix}", node.lineno))
            elif f.attr == "step" and (mod.optimizer_like(f.value) or any(mod.optimizer_like(a) for a in node.args)):
                found.setdefault("step", Evidence(4, f"calls {ast.unparse(node)}{suffix}", node.lineno))
            elif f.attr == "zero_grad":
                found.setdefault("zero_grad", Evidence(1, f"calls {ast.unparse(f)}(){suffix}", node.lineno))
        for a in node.args:  # a local function passed along: optimizer.step(closure) runs it (LBFGS)
            if isinstance(a, ast.Name) and a.id in mod.functions and a.id not in seen and depth < 3:
                seen.add(a.id)
                for fn in mod.functions[a.id]:
                    for k, ev in _training_evidence(mod, fn.body, via=a.id, depth=depth + 1, seen=seen).items():
                        found.setdefault(k, ev)
        name = _call_name(node)
        local = isinstance(f, ast.Name) or (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                                            and f.value.id == "self")
        if depth < 3 and local and name in mod.functions and name not in seen:
            seen.add(name)
            for fn in mod.functions[name]:
                for k, ev in _training_evidence(mod, fn.body, via=name, depth=depth + 1, seen=seen).items():
                    found.setdefault(k, ev)
    return found


def _fetch_statements(loop: ast.For | ast.While) -> list[ast.stmt]:
    """Simple statements in the loop (nested loops included) whose value calls ``next(...)`` or ``get_batch(...)``."""
    out: list[ast.stmt] = []
    for node in _walk_deep(loop.body):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr)) and node.value is not None:
            calls = [c for c in ast.walk(node.value) if isinstance(c, ast.Call)]
            if any(_is_fetch_call(c) for c in calls):
                out.append(node)
    return out


def _batch_size_hint(call: ast.Call, line: int) -> BatchSizeHint | None:
    expr: ast.expr | None = None
    for kw in call.keywords:
        if kw.arg == "batch_size":
            expr = kw.value
    if expr is None and len(call.args) >= 2:
        expr = call.args[1]
    if expr is None:
        return None
    value = expr.value if isinstance(expr, ast.Constant) and isinstance(expr.value, int) else None
    return BatchSizeHint(ast.unparse(expr), value, line)


def _candidate(mod: _Module, loop: ast.For | ast.AsyncFor | ast.While) -> Candidate | None:
    evidence: list[Evidence] = []
    iterable = None
    source_node = None
    bs = None
    fetches: list[ast.stmt] = []
    if isinstance(loop, (ast.For, ast.AsyncFor)):
        if _is_range(loop.iter) or _is_literal(loop.iter):
            kind = "for-range"
        else:
            kind = "for"
            source_node = _unwrap_source(loop.iter)
            iterable = ast.unparse(source_node)
            name = _name_of(source_node) or (_call_name(source_node) if isinstance(source_node, ast.Call) else None)
            if isinstance(source_node, ast.Call) and (_call_name(source_node) or "").endswith("Loader"):
                evidence.append(Evidence(3, f"iterates {_call_name(source_node)}(...)", loop.lineno))
                bs = _batch_size_hint(source_node, loop.lineno)
            elif name and name in mod.loaders:
                call, line = mod.loaders[name]
                evidence.append(Evidence(3, f"iterates {name}, a {_call_name(call)} built at line {line}", loop.lineno))
                bs = _batch_size_hint(call, line)
            elif name and _LOADER_NAME.search(name):
                evidence.append(Evidence(2, f"iterates {iterable}, named like a data loader", loop.lineno))
            if name and _EVAL_NAME.search(name):
                evidence.append(Evidence(-3, f"iterates {name}, named like evaluation data", loop.lineno))
            elif name and _TRAIN_NAME.search(name):
                evidence.append(Evidence(1, f"iterates {name}, named like training data", loop.lineno))
    else:
        kind = "while"
    if kind != "for":
        fetches = _fetch_statements(loop)  # type: ignore[arg-type]
    if fetches:
        f0 = fetches[0]
        evidence.append(Evidence(2, f"fetches a batch: {mod.header(f0)}", f0.lineno))
        for f in fetches:
            text = ast.unparse(f)
            if _EVAL_NAME.search(text.replace("'", " ").replace('"', " ").replace("(", " ").strip()) or \
                    re.search(r"""['"](val|eval|test)['"]""", text):
                evidence.append(Evidence(-3, f"fetches evaluation data: {mod.header(f)}", f.lineno))
                break
    training = _training_evidence(mod, loop.body)
    evidence.extend(training.values())
    score = sum(e.points for e in evidence)
    if kind != "for" and not fetches and not ("backward" in training and "step" in training) and score >= MIN_SCORE:
        # no batch fetch and not a whole training step: listed (--loop can force it), never picked by itself
        evidence.append(Evidence(MIN_SCORE - 1 - score, "but it fetches no batch and lacks backward() or an "
                                 "optimizer step", loop.lineno))
    why_eval = mod.in_eval_context(loop)
    if why_eval:
        evidence.append(Evidence(-3, f"looks like evaluation: the loop {why_eval}", loop.lineno))
    return Candidate(
        lineno=loop.lineno, col=loop.col_offset, kind=kind, header=mod.header(loop), function=mod.qualname(loop),
        evidence=tuple(evidence), iterable=iterable, source_node=source_node, fetches=tuple(fetches),
        batch_size=bs, node=loop, gauge=_existing_gauge(mod, loop),
    )


def _existing_gauge(mod: _Module, loop: ast.For | ast.AsyncFor | ast.While) -> str:
    """How ``loop`` is already timed by a ``wprof.Gauge`` (it iterates one, or its body calls a gauge's ``step()`` /
    ``begin_step()``); "" when it is not. A second gauge on such a loop would time it twice."""

    def gauge_expr(e: ast.AST) -> str:
        if isinstance(e, ast.Call) and _call_name(e) == "Gauge":
            return "a wprof.Gauge(...)"
        name = _name_of(e)
        if name in mod.gauges and isinstance(e, (ast.Name, ast.Attribute)):
            return f"{ast.unparse(e)}, a wprof.Gauge made at line {mod.gauges[name]}"
        return ""

    if isinstance(loop, (ast.For, ast.AsyncFor)):
        for node in ast.walk(loop.iter):
            what = gauge_expr(node)
            if what:
                return f"it iterates {what}"
    for node in _walk_direct(loop.body):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("step", "begin_step"):
            what = gauge_expr(node.func.value)
            if what:
                return f"its body calls {ast.unparse(node.func)}() of {what}"
    return ""


def analyze(source: str, filename: str = "<script>") -> Analysis:
    """Parse ``source`` and list its candidate loops (raises SyntaxError for invalid Python)."""
    tree = ast.parse(source, filename=filename)
    mod = _Module(tree, source)
    cands = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            c = _candidate(mod, node)
            if c is not None:
                cands.append(c)
        elif isinstance(node, ast.Call) and (mod.fw_modules or mod.fw_names):
            from .trainers import trainer_candidate

            c = trainer_candidate(mod, node)
            if c is not None:
                cands.append(c)
    cands.sort(key=lambda c: (c.lineno, c.col))
    return Analysis(filename=filename, source=source, tree=tree, candidates=tuple(cands))


def pick(analysis: Analysis, line: int | None = None) -> Pick:
    """Choose the training loop: the one at ``line`` if given, else the best score (at least MIN_SCORE)."""
    cands = analysis.candidates
    if line is not None:
        c = analysis.at_line(line)
        if c is None:
            return Pick(None, f"no loop at line {line} of {analysis.filename}", cands)
        return Pick(c, f"chosen with --loop {analysis.filename}:{line}", tuple(x for x in cands if x is not c))
    ranked = sorted(cands, key=lambda c: (-c.score, c.lineno))
    if not ranked or ranked[0].score < MIN_SCORE:
        return Pick(None, "no loop shows enough evidence of being the training loop", tuple(ranked))
    best = ranked[0]
    others = tuple(ranked[1:])
    positives = [e.reason for e in best.evidence if e.points > 0]
    reason = "it " + ", ".join(positives) if positives else "it has the best score"
    ties = [c for c in others if c.score == best.score]
    if ties:
        reason += f" (tied with {', '.join(c.where for c in ties)}; the first in the file wins)"
    return Pick(best, reason, others)
