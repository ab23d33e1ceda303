"""The one pass over a module's AST that every rule shares (a mixin of :class:`wprof.lint._context.Context`).

The walk annotates nodes in place (attributes prefixed ``_wp_``) so rules ask cheap questions:
- ``ctx.qualname(expr)``: the dotted name an expression refers to, through the file's imports
  (``from time import perf_counter as pc`` makes ``pc`` read ``time.perf_counter``);
- statements of each scope (module, function, class body) in execution order (preorder); each statement has an
  index ``_wp_idx``, the index of its last descendant ``_wp_end``, its scope ``_wp_scope`` and enclosing loops
  ``_wp_loops``; every expression knows its statement ``_wp_stmt`` and parent ``_wp_parent``;
- indexes built on first use: the calls and nodes of a function, the loads and assignments of a name by scope.
Nothing is executed and nothing outside the standard library is imported.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from dataclasses import dataclass, field

from ._names import dotted

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


class FileWalk:
    """The walk of one file (:meth:`_walk_scope`), its import model (:meth:`qualname`) and indexes over the
    annotated tree."""

    # ---------------------------------------------------------------- walk
    def _note_import(self, node: ast.stmt) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)) and not getattr(node, "level", 0) and \
                self._shadowed_import(node):
            return
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

    def _shadowed_import(self, node: ast.Import | ast.ImportFrom) -> bool:
        """``import timeit`` / ``from timeit import timeit`` of a file with its own ``timeit.py`` beside it: Python
        imports that module, not the standard library's (:func:`._project.shadowing_module`). Its names are kept as a
        project module's (``.timeit.timeit``), never read as the standard library's; the project reads its code."""
        path = getattr(self, "path", None)
        if not path or path.startswith("<"):
            return False
        from ._project import _STDLIB, shadowing_module

        tops = [a.name.split(".")[0] for a in node.names] if isinstance(node, ast.Import) else \
            [(node.module or "").split(".")[0]]
        if not any(t in _STDLIB for t in tops) or \
                all(shadowing_module(os.path.dirname(os.path.abspath(path)), t) is None for t in tops):
            return False
        if isinstance(node, ast.Import):
            for a in node.names:
                top = a.name.split(".")[0]
                local = shadowing_module(os.path.dirname(os.path.abspath(path)), top) is not None
                name = f".{a.name}" if local else a.name
                if a.asname:
                    self.imports[a.asname] = name
                else:
                    self.imports[top] = f".{top}" if local else top
        else:
            for a in node.names:
                self.imports[a.asname or a.name] = f".{node.module}.{a.name}"
        return True

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

    # ---------------------------------------------------------------- indexes
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

    def all_nodes(self) -> list[ast.AST]:
        """Every node of the file's tree in ``ast.walk`` order (breadth first), listed once per file: the rules'
        whole-file searches read this list instead of walking the tree again (ten walks of a 20,000-line file
        cost about a second)."""
        cached = self.__dict__.get("_wp_tree_nodes")
        if cached is None:
            cached = self.__dict__["_wp_tree_nodes"] = list(ast.walk(self.tree))  # type: ignore[attr-defined]
        return cached

    def calls_between(self, scope: Scope, lo: int, hi: int) -> Iterator[ast.Call]:
        """Calls whose statement lies strictly between statement indices ``lo`` and ``hi`` of ``scope``."""
        for stmt in scope.stmts[lo + 1:hi]:
            yield from stmt_calls(stmt)

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


def expr_ancestor(node: ast.AST, kinds: type | tuple[type, ...]) -> ast.AST | None:
    """The nearest enclosing node of ``kinds`` within ``node``'s statement (not past it), or None."""
    parent = getattr(node, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, kinds):
            return parent
        parent = getattr(parent, "_wp_parent", None)
    return None


def own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """Every node of a function's (or module's) own body, not descending into nested functions, lambdas or classes
    (whose nodes belong to their own scopes; the nested definition itself is yielded)."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(n))


def own_returns(fn: ast.AST) -> list[ast.expr | None]:
    """The values of the function's own ``return`` statements (not a nested function's, lambda's or class's)."""
    out: list[ast.expr | None] = []
    todo = list(getattr(fn, "body", ()))
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Return):
            out.append(n.value)
        elif not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(n))
    return out


def under(node: ast.AST, top: ast.AST) -> bool:
    """``node`` is ``top`` or lies inside it (by the parent links the parser set)."""
    n: ast.AST | None = node
    while n is not None:
        if n is top:
            return True
        n = getattr(n, "_wp_parent", None)
    return False


def within(node: ast.AST, kinds: type | tuple[type, ...], stop: ast.AST) -> bool:
    """A node of ``kinds`` encloses ``node`` below ``stop`` (``stop`` itself not counted; the whole chain up to the
    module when ``stop`` is not an ancestor)."""
    parent = getattr(node, "_wp_parent", None)
    while parent is not None and parent is not stop:
        if isinstance(parent, kinds):
            return True
        parent = getattr(parent, "_wp_parent", None)
    return False


def nested_in(node: ast.AST, fn: ast.AST) -> bool:
    """``node`` sits in a function or lambda nested inside ``fn`` (it runs only when that is called)."""
    return within(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda), fn)


def defined_method(cls: ast.ClassDef | None, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The method ``name`` that ``cls`` defines in its own body (inherited ones are not looked up)."""
    if cls is None:
        return None
    return next((m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == name),
                None)


def enclosing_def(node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function (or method) whose own scope holds ``node``'s statement; None at module or class level."""
    scope = getattr(getattr(node, "_wp_stmt", node), "_wp_scope", None)
    fn = getattr(scope, "node", None)
    return fn if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def in_lambda(node: ast.AST) -> bool:
    """``node`` is inside a lambda: it runs when the lambda is called, not when its statement runs."""
    return expr_ancestor(node, ast.Lambda) is not None


def subtree(node: ast.AST) -> list[ast.AST]:
    """``list(ast.walk(node))``, kept on the node: a function that several questions search whole (does it return
    a closure, mark a clock on ``self``, subtract its parameters) is walked once per file."""
    cached = node.__dict__.get("_wp_subtree")
    if cached is None:
        cached = node._wp_subtree = list(ast.walk(node))  # type: ignore[attr-defined]
    return cached


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
