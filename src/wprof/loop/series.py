"""Steps in flight and their resolution into per-iteration samples (marks -> milliseconds), lazily.

A closed window step waits in ``pending`` until its marks are read: when its log line is due and its end mark has
completed (``query()``, never a wait), when the event ring is full (the older half is read; the host waits only if
the oldest step has not completed -- counted as a stall), or after the window's one synchronize.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from . import output

__all__ = ["Step", "Series"]

_NAN = math.nan


class Step:
    """One iteration in flight: host stamps (ns), marks on the compute clock, data blocks, phases."""

    __slots__ = ("i", "win", "t0", "t1", "m0", "m1", "data", "data_ns", "dt0", "dm0", "phases", "k")

    def __init__(self, i: int, win: bool, t0: int, m0: Any) -> None:
        self.i, self.win, self.t0, self.m0 = i, win, t0, m0
        self.t1 = self.m1 = self.dt0 = self.dm0 = None
        self.data: list[tuple[Any, Any]] = []
        self.phases: list[tuple[str, Any, Any]] = []
        self.data_ns = 0
        self.k = 1  # marks this step takes (sizes the event ring from warmup)


class Series:
    """The window's samples, index-aligned: ``index``, ``iter``, ``data``, ``step``, ``host_step`` and phases (ms).

    ``marks`` (set when the window opens) turns two marks into milliseconds; ``log(step, iter, data, step_ms)`` prints
    a step's line when it is resolved, if the step is in ``due``.
    """

    def __init__(self) -> None:
        self.pending: deque[Step] = deque()  # closed window steps not resolved yet, oldest first
        self.due: deque[Step] = deque()  # pending steps whose log line is due, oldest first
        self.marks: Any = None
        self.log: Any = None
        self.index: list[int] = []
        self.iter: list[float] = []
        self.data: list[float] = []
        self.step: list[float] = []
        self.host_step: list[float] = []
        self.phases: dict[str, list[float]] = {}
        self.t0_ns: int | None = None  # host time (perf_counter_ns) at the first window step's start boundary

    def __len__(self) -> int:
        return len(self.index)

    def print_due(self, limit: int = 2) -> None:
        """Resolve pending steps through the oldest one whose line is due, if its end mark completed; at most
        ``limit`` lines per call."""
        dq, p, ready = self.due, self.pending, self.marks.ready
        while dq and limit:
            target = dq[0]
            if not ready(target.m1):
                return
            while p:
                st = p.popleft()
                self.resolve(st)
                if st is target:
                    break
            limit -= 1

    def on_ring_full(self) -> bool:
        """The event ring has no free slot: resolve the older half of the pending steps (waiting only when the
        oldest has not completed: counted in ``marks.stalls``). False when nothing is pending (the ring then grows)."""
        p, marks = self.pending, self.marks
        if not p:
            return False
        n = max(1, len(p) // 2)
        freed = False
        while p and n:
            st = p[0]
            if not marks.ready(st.m1):
                if freed:
                    break
                marks.wait(st.m1)
                marks.stalls += 1
            p.popleft()
            self.resolve(st)
            freed = True
            n -= 1
        return True

    def resolve(self, st: Step) -> None:
        el = self.marks.elapsed_ms
        step_ms = el(st.m0, st.m1)
        it = step_ms
        for a, b in st.data:
            it -= el(a, b)
        data_ms = st.data_ns / 1e6
        j = len(self.index)
        if j == 0:
            self.t0_ns = st.t0
        self.index.append(st.i)
        self.iter.append(it)
        self.data.append(data_ms)
        self.step.append(step_ms)
        self.host_step.append((st.t1 - st.t0) / 1e6)
        if st.phases or self.phases:
            seen: dict[str, float] = {}
            for name, a, b in st.phases:
                seen[name] = seen.get(name, 0.0) + el(a, b)
            for name, v in seen.items():
                col = self.phases.get(name)
                if col is None:
                    col = self.phases[name] = [_NAN] * j
                col.append(v)
            for name, col in self.phases.items():
                if len(col) == j:
                    col.append(_NAN)
        self.marks.release_before(st.m1)
        dq = self.due
        if dq and dq[0] is st:
            dq.popleft()
            self.log(st.i, it, data_ms, step_ms)


def lazy_line(log: Any, prefix: str, gbs: int | None, tokens: int | None = None) -> Any:
    """``log(i, iter_ms, data_ms, step_ms)`` for :class:`Series`: one INFO record, formatted only if emitted."""
    info = log.info

    def emit(i: int, it: float, data_ms: float, step_ms: float) -> None:
        info("%s%s", prefix, output.LazyLine(i, it, data_ms, step_ms, gbs, tokens))

    return emit
