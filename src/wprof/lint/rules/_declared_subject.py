"""What an interval says it times: set-up or a cold start, by its own label (WP103, WP104).

An interval can be meant to time what a steady-state benchmark keeps out: creating the inputs (``setup_ms``,
``print("Tensor creation took", ...)``, ``"Create array : %f ms"``), or the first call itself (``first_call_ms``,
``first_step_ms``, "cold start"). Allocation, the CUDA context, a kernel's first load then belong to the number;
a missing warm-up or an allocation inside it distorts nothing. The fresh verdicts, false findings in five
repositories: WP103 on a "Tensor creation took" print and on a helper's result printed as ``first_call_ms`` (set 49),
WP104 on allocations timed as ``setup_ms`` (set 46) or "Create array" (set 45), and on an ``empty_cache()`` before a
deliberately cold first call (``first_call_wall_ms``, set 42; ``first_step_ms``, set 46).

The label read is the interval's own, never a guess: the name the interval is stored in (or its sample list, or the
string handed to its timer), or the first print or log call after the region that reads it; for a helper's region
judged at a call site, the names the site's result is bound to and the first print that reads them. Not the name of
the function around the region (``def setup_and_bench``) and not a print further on (which may label the next
interval)."""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._walk import stmt_nodes

_SUBJECT = re.compile(r"\bcold\b|\bstart[-_ ]?up\b|\bfirst[-_ ]?(call|run|iteration|iter|pass|inference|forward|"
                      r"launch|invocation|execution|request|generation|step)s?\b|\binitiali[sz]ation\b|"
                      r"\bincludes? (the )?(cuda|context|init|warm)|\bset[-_ ]?up\b|\bcreat(e|ion)\b")  # (not "created in": what was produced)
_LOG_CALLS = frozenset({"print", "log", "info", "debug", "warning", "write", "add_scalar", "set_postfix",
                        "set_description"})


def says_setup(text: str) -> bool:
    """``text`` (a name split into words, or a string) names set-up or a cold start as what is timed."""
    return bool(_SUBJECT.search(re.sub(r"([a-z])([A-Z])", r"\1 \2", text).replace("_", " ").lower()))


def declared_setup(ctx: Context, r) -> bool:
    """Region ``r``'s own label says it times set-up or a cold start."""
    cache = ctx.__dict__.setdefault("_wp_declared_setup", {})
    if id(r) not in cache:
        cache[id(r)] = any(says_setup(s) for s in _own_labels(ctx, r))
    return cache[id(r)]


_BUILD = re.compile(r"\bbuild\b(?!-)|\bbuilt in\b|\bcompil(e|ation)\b")  # (not "compiled", the compiled model's run; not "built-in")


def declared_build(ctx: Context, r) -> bool:
    """Region ``r``'s own label says it times a build or a compilation (``artifact_build_seconds``,
    ``compile_s``, ``print("compilation took", ...)``, ``print(f"built in {dt:.2f}s")``): a compiled callable's
    first call belongs to that number, and so does host-bound set-up (a model's construction, seconds of it, next to
    which a launch tail is nothing)."""
    return any(_BUILD.search(re.sub(r"([a-z])([A-Z])", r"\1 \2", s).replace("_", " ").lower())
               for s in _own_labels(ctx, r))


def site_declares_setup(ctx: Context, site: ast.AST) -> bool:
    """A call site whose result is bound to a name, or printed first, with a set-up or cold-start label:
    ``out, first_ms = run_once(q, k, v)`` then ``print("first_call_ms:", first_ms)``."""
    st = getattr(site, "_wp_stmt", None)
    if not isinstance(st, (ast.Assign, ast.AnnAssign)):
        return False
    targets = st.targets if isinstance(st, ast.Assign) else [st.target]
    names = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    if any(says_setup(n) for n in names):
        return True
    scope = getattr(st, "_wp_scope", None)
    if scope is None:
        return False
    return any(says_setup(s) for s in _first_log(scope.stmts[st._wp_idx + 1:st._wp_idx + 6], names))  # type: ignore


def _own_labels(ctx: Context, r) -> list[str]:
    out: list[str] = []
    if r.samples:
        out.append(r.samples)
    st = r.interval
    names: set[str] = set()
    if isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Name):
                    names.add(n.id)
                    out.append(n.id)
                elif isinstance(n, ast.Attribute):
                    out.append(n.attr)
                elif isinstance(n, ast.Constant) and isinstance(n.value, str):
                    out.append(n.value)  # `results["setup_ms"] = ...`
    if r.timer and isinstance(r.start, ast.Call):
        out += [a.value for a in ast.walk(r.start) if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    for s in (r.scope.stmts[r.lo], r.scope.stmts[r.hi] if r.hi < len(r.scope.stmts) else None):
        if isinstance(s, ast.Assign):
            names.update(n.id for t in s.targets for n in ast.walk(t) if isinstance(n, ast.Name))
    if isinstance(st, ast.Expr):  # `print("Tensor creation took", time.time() - t0)`: the interval's own print
        out += _log_strings(st)
    else:
        out += _first_log(r.scope.stmts[r.hi:r.hi + 6], names)
    return out


def _log_strings(st: ast.stmt) -> list[str]:
    return [n.value for c in stmt_nodes(st) if isinstance(c, ast.Call) and
            (dotted(c.func) or "").rsplit(".", 1)[-1] in _LOG_CALLS
            for n in ast.walk(c) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _first_log(stmts: list, names: set[str]) -> list[str]:
    """The strings of the first print or log call among ``stmts`` that reads one of ``names``."""
    if not names:
        return []
    for st in stmts:
        for c in stmt_nodes(st):
            if isinstance(c, ast.Call) and (dotted(c.func) or "").rsplit(".", 1)[-1] in _LOG_CALLS and \
                    any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(c)):
                return [n.value for n in ast.walk(c) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return []
