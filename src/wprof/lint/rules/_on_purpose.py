"""Host-side timing the code names as such: a function or an interval whose name says it measures the launch, the
host (CPU) side or the call overhead (``_bench_launch_us``, ``_benchmark_cpu``, ``dispatch_overhead = t1 - t0``)
times what WP102 says it times, on purpose; kept as a weak finding (``extra``), not a default one."""

from __future__ import annotations

import ast
import re

from .._context import Context

# name parts that say "the host side of a call": split on underscores and camelCase, compared whole; "cpu" and
# "host" only beside a part that says timing (`benchmark_cpu`, `host_time`; not `fill_host`)
_ON_PURPOSE = frozenset({"launch", "launches", "overhead", "overheads", "dispatch", "enqueue", "submit",
                         "submission"})
_SIDE = frozenset({"cpu", "host"})
_TIMING = frozenset({"time", "times", "timing", "timings", "bench", "benchmark", "measure", "latency", "elapsed",
                     "us", "ms", "duration", "durations", "wall"})
def _parts(name: str) -> set[str]:
    return {p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)}


def interval_name(r) -> str | None:
    """The plain name a region's interval is stored in (``dt = t1 - t0``, ``total += ...``), else None."""
    st = r.interval
    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
        return st.targets[0].id
    if isinstance(st, (ast.AugAssign, ast.AnnAssign)) and isinstance(st.target, ast.Name):
        return st.target.id
    return None


def names_host_timing(ctx: Context, r) -> bool:
    """The function holding region ``r``, the name its interval is stored in, or its samples' container, is named
    for launch, host or overhead time."""
    fn = r.scope.node
    names = [getattr(fn, "name", None), interval_name(r), r.samples]
    for n in names:
        parts = _parts(n.rsplit(".", 1)[-1]) if n else set()
        if parts & _ON_PURPOSE or (parts & _SIDE and parts & _TIMING):
            return True
    for n in names[1:]:  # (lint87) `times_no_sync = []`, `dt_without_sync`: the samples are named for a time taken
        parts = _parts(n.rsplit(".", 1)[-1]) if n else set()  # without a wait, on purpose (beside a synced loop)
        if {"no", "without"} & parts and {"sync", "synchronize", "synchronization"} & parts:
            return True
    return False


# a cold start measured on purpose, said in the label of its reading: "Cold start latency", "first inference took",
# "startup overhead", "time for first forward (includes CUDA init)" (not "time to first token": a steady-state metric);
# a warm-up or a compile timed as such: "Warm-up run took", "warmup", "compilation", "first (with
# compile)", a result keyed "first" (not a bare "warm": the steady state after a warm-up, "cold vs warm"; not
# "compiled" or "torch.compile": the compiled variant's run)
_COLD_LABEL = re.compile(r"\bcold\b|start[- ]?up|first[- ](call|run|iteration|iter|pass|inference|forward|launch|"
                         r"invocation|execution|request|generation)\b|initiali[sz]ation|includes? (the )?(cuda|context|"
                         r"init|warm|jit|compil)|\bwarm[- ]?ups?\b|\bwarming\b|\bcompil(ation|ing)\b|"
                         r"(?<![.\w])compile[- ]?(time|step|overhead|cost|latency|phase)\b|"
                         r"\b(with|incl\w*|plus|and|\+) ?(jit[- ]?)?compil|\bjit[- ]compil|^\W*(first|1st)\W*$")


def labelled_cold(ctx: Context, r) -> bool:
    """The region's reading is labelled as a cold start (a string of the statement that takes the interval or of the
    two after the region's end, where it is printed or stored: ``results["cold"] = dt``; for a ``timeit``
    measurement, of the caller's statement and the two after it: ``t = timeit.timeit(f, number=10)``,
    ``print("warmup", t)``)."""
    from .._walk import stmt_nodes

    stmts = [st for st in (r.interval, *r.scope.stmts[r.hi:r.hi + 2]) if st is not None]
    outer = r.outer  # a `timeit` measurement: its reading is the caller's statement, printed after it
    scope = getattr(outer, "_wp_scope", None)
    if outer is not None and scope is not None:
        i = outer._wp_idx  # type: ignore[attr-defined]
        stmts += [outer, *scope.stmts[i + 1:i + 3]]
    return any(isinstance(n, ast.Constant) and isinstance(n.value, str) and _COLD_LABEL.search(n.value.lower())
               for st in stmts for n in stmt_nodes(st))


def printed_label(ctx: Context, r) -> str:
    """The words a region's interval is printed with, when it is stored under a name (``dt = t1 - t0``) and printed
    later in its function (``print(f"loaded in {dt:.1f}s")``): the text just before the value in the first
    ``print`` that reads the name (the f-string's piece before it, or the string argument before it); "" if none.
    Lower case."""
    name = interval_name(r)
    if name is None or r.interval is None:
        return ""
    for st in r.scope.stmts[r.interval._wp_idx + 1:]:
        for c in ast.walk(st):
            if not (isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in ("print", "log")) and \
                    not (isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and
                         c.func.attr in ("info", "debug", "warning", "write")):
                continue
            pieces: list = []
            for a in c.args:
                pieces.extend(a.values if isinstance(a, ast.JoinedStr) else [a])
            for i, p in enumerate(pieces):
                v = p.value if isinstance(p, ast.FormattedValue) else p
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(v)):
                    before = pieces[i - 1] if i else None
                    return before.value.lower() if isinstance(before, ast.Constant) and \
                        isinstance(before.value, str) else ""
        if any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(st)):
            return ""  # bound again before it is printed
    return ""
