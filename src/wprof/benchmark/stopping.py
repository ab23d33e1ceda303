"""The sampler and the stopping rule: headline samples in bounded spans, kept in bounded memory.

:class:`Sampler` takes spans of headline samples from a :class:`~wprof.benchmark.measure.Measurement`, at most
:data:`MAX_SPAN_SAMPLES` per span (so nothing is allocated for the whole run up front, and Ctrl-C is seen between
spans), into a :class:`Samples` store. :func:`sample_until` is bench's stopping rule: ``iters`` samples, or the 95%
CI of the median within ``precision``, or the time budget spent (pilots included), after ``min_iters`` samples, or
``max_iters``. ``compare`` drives two samplers with its own rule on the ratio.

Memory is bounded for any sample count: the store keeps every sample up to :data:`MAX_KEPT_SAMPLES`; past that it
keeps a uniform random subsample of that size (reservoir sampling, Li's algorithm L: work per replacement, not
per sample; fixed seed), in time order, with each kept sample's span. The result's statistics are then over the
kept samples (an unbiased subsample: the median's CI is computed from the kept count, so it is wider, never falsely
narrow), and the result says how many were taken and kept.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..stats import summarize

if TYPE_CHECKING:
    from .config import BenchConfig
    from .measure import Measurement

__all__ = ["Samples", "Sampler", "sample_until", "MAX_SPAN_SAMPLES", "MAX_KEPT_SAMPLES"]

#: most samples in one span: a span's samples (and its CUDA events) are allocated when it starts
MAX_SPAN_SAMPLES = 1000
#: most samples kept in memory and in the result (8 bytes each, plus their index and span: 32 MB in all)
MAX_KEPT_SAMPLES = 1_000_000
#: the first sampling span lasts about this long (later spans ~50 ms): short kernels often meet the precision target
#: in it, and a shorter sustained load keeps big kernels off the power limit
FIRST_SPAN_MS = 10.0
LATER_SPAN_MS = 50.0
#: beyond this many samples the precision is checked when the count has grown by a tenth (summaries cost O(n log n))
CHECK_EVERY_SPAN_UP_TO = 100_000


class Samples:
    """Samples in time order with the host span (t0, t1 ns) of each; at most ``keep`` of them kept (see module)."""

    def __init__(self, keep: int = MAX_KEPT_SAMPLES, seed: int = 0) -> None:
        self.keep = max(1, keep)
        self.taken = 0
        self._ms = array("d")
        self._index = array("q")
        self._t0 = array("q")
        self._t1 = array("q")
        self._rng = random.Random(seed)
        self._ordered = True
        self._w = 1.0
        self._next = -1  # index of the next sample that replaces a kept one (set when the store fills)

    def _u(self) -> float:
        return 1.0 - self._rng.random()  # in (0, 1]: safe under log

    def _skip(self) -> None:
        """Vitter/Li's algorithm L: the next replacement index, drawn once per replacement, not once per sample."""
        self._w *= math.exp(math.log(self._u()) / self.keep)
        self._next += int(math.log(self._u()) / math.log1p(-self._w)) + 1 if self._w < 1.0 else 1

    def add(self, samples: Sequence[float], t0_ns: int, t1_ns: int) -> None:
        """Add one span's samples (all stamped with the span's host times)."""
        room = min(len(samples), self.keep - len(self._ms))
        if room > 0:
            self._ms.extend(samples[:room])
            self._index.extend(range(self.taken, self.taken + room))
            self._t0.extend([t0_ns] * room)
            self._t1.extend([t1_ns] * room)
            self.taken += room
            if len(self._ms) == self.keep:
                self._next = self.taken - 1
                self._skip()
        start, end = self.taken, self.taken + len(samples) - max(room, 0)
        while self._next < end and len(self._ms) == self.keep:
            j = self._rng.randrange(self.keep)
            x = samples[max(room, 0) + self._next - start]
            self._ms[j], self._index[j], self._t0[j], self._t1[j] = x, self._next, t0_ns, t1_ns
            self._ordered = False
            self._skip()
        self.taken = end

    def __len__(self) -> int:
        return self.taken

    @property
    def kept(self) -> int:
        return len(self._ms)

    def _order(self) -> None:
        if self._ordered:
            return
        import numpy as np

        order = np.argsort(np.frombuffer(self._index, dtype=np.int64), kind="stable")
        for name in ("_ms", "_index", "_t0", "_t1"):
            a = getattr(self, name)
            kind = np.float64 if a.typecode == "d" else np.int64
            setattr(self, name, array(a.typecode, np.frombuffer(a, dtype=kind)[order].tobytes()))
        self._ordered = True

    def values(self) -> list[float]:
        """The kept samples in time order (ms)."""
        self._order()
        return self._ms.tolist()

    def spans(self) -> list[tuple[int, int]]:
        """The host span (t0, t1 ns) of each kept sample, in the order of :meth:`values`."""
        self._order()
        return list(zip(self._t0.tolist(), self._t1.tolist()))

    def summary(self) -> Any:
        return summarize(self._ms)

    def sampling(self) -> dict[str, Any] | None:
        """How the kept samples were chosen when not all were kept (None when all were)."""
        if self.kept == self.taken:
            return None
        return {"taken": self.taken, "kept": self.kept,
                "how": "uniform random subsample (reservoir sampling, fixed seed), in time order"}


class Sampler:
    """Spans of headline samples from one measurement into a :class:`Samples` store."""

    def __init__(self, m: Measurement, keep: int | None = None) -> None:
        self.m = m
        self.samples = Samples(MAX_KEPT_SAMPLES if keep is None else keep)

    def take(self, n: int) -> int:
        """One span of up to ``n`` samples (at most :data:`MAX_SPAN_SAMPLES`); returns how many it gave."""
        sp = self.m.span(max(1, min(n, MAX_SPAN_SAMPLES)))
        self.samples.add(sp.samples, sp.t0_ns, sp.t1_ns)
        return len(sp.samples)

    def take_seed(self, most: int) -> None:
        """The pilot's samples of the headline method count as samples (at most ``most``)."""
        sp = self.m.take_seed()
        if sp is not None:
            self.samples.add(sp.samples[:most], sp.t0_ns, sp.t1_ns)

    def elapsed_ms(self) -> float:
        return (self.m.now_ns() - self.m.t_timed0) / 1e6


def sample_until(s: Sampler, cfg: BenchConfig) -> str:
    """Headline samples until ``iters``, precision or budget (pilot time counts towards the budget); the reason."""
    got = s.samples
    if cfg.iters is not None:
        while len(got) < cfg.iters:
            s.take(cfg.iters - len(got))
        return f"iters={cfg.iters} reached"
    budget_ms = cfg.budget_s * 1e3
    est = s.m.sample_ms_estimate()
    s.take_seed(cfg.max_iters)
    span = max(cfg.min_iters, min(MAX_SPAN_SAMPLES, int(FIRST_SPAN_MS / est) + 1))  # ~10 ms first, then ~50 ms
    checked = -1
    while True:
        n = len(got)
        spent = s.elapsed_ms() >= budget_ms
        due = n <= CHECK_EVERY_SPAN_UP_TO or n >= checked * 1.1 or spent
        sm = got.summary() if n and due else None
        if sm is not None:
            checked = n
            if n >= cfg.min_iters and sm.ci95_rel_halfwidth <= cfg.precision:
                return (f"precision: 95% CI of the median within ±{sm.ci95_rel_halfwidth:.2%} (target "
                        f"±{cfg.precision:.0%}) after {n} samples")
            if spent and n >= cfg.min_iters:
                return (f"time budget {cfg.budget_s:g} s spent; 95% CI of the median ±"
                        f"{sm.ci95_rel_halfwidth:.2%} (target ±{cfg.precision:.0%})")
        if n >= cfg.max_iters:
            return f"max_iters={cfg.max_iters} reached"
        s.take(min(span, cfg.max_iters - n))
        span = max(cfg.min_iters, min(MAX_SPAN_SAMPLES, int(LATER_SPAN_MS / est) + 1))
