"""BenchResult: one ``wprof.bench`` measurement (raw per-call samples in ms and everything needed to trust them).

Schema ``wprof.bench/2``: the measurement (samples, summary, warmup, method) plus typed sections: ``decision`` (how
the headline was chosen), ``pilots`` (the launch-inclusive and device numbers beside it), ``floor`` (the harness's
own cost), ``isolated`` (one call on its own), ``telemetry`` (NVML over the run), ``cache`` (L2 policy) and
``run`` (durations, drift, power). ``wprof.bench/1`` files kept these in one untyped ``extra`` object; they still
read (:func:`sections_from_extra`), and :attr:`BenchResult.extra` still gives that object for old scripts.
docs/results.md lists every field and its unit. Torch-free: a laptop renders a GPU run.
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..stats import Summary, Warning_
from . import _fields as F
from ._common import read_summary, read_warnings
from ._io import write_json_atomic
from .bench_checks import CrossCheck, Kernels, Power
from .bench_sections import Cache, Decision, Floor, Isolated, Pilots, RunInfo, Telemetry, drop_none

__all__ = ["BenchResult", "Warmup", "Decision", "Pilots", "Floor", "Isolated", "Telemetry", "Cache", "RunInfo",
           "CrossCheck", "Kernels", "Power", "BENCH_SCHEMA", "sections_from_extra"]

BENCH_SCHEMA = "wprof.bench/2"


_PARAM = re.compile(r"--param=[A-Za-z_][A-Za-z0-9_]*=.*", re.S)


def _v1_target(target: str, next_step: str) -> str:
    """A ``wprof.bench/1`` target was the factory alone; its ``--param`` values are only in the advice's command.
    Take them from there (only ``--param=NAME=VALUE`` tokens that follow the target), so the target repeats the run
    as a ``/2`` target does."""
    line = next((ln.strip()[2:] for ln in next_step.splitlines() if ln.strip().startswith("$ ")), "")
    try:
        argv = shlex.split(line)
    except ValueError:
        return target
    if not target or target not in argv:
        return target
    params = []
    for tok in argv[argv.index(target) + 1:]:
        if not _PARAM.fullmatch(tok):
            break
        params.append(tok)
    return shlex.join([target, *params]) if params else target


def sections_from_extra(extra: dict[str, Any], where: str = "extra.") -> dict[str, Any]:
    """The typed sections of a ``wprof.bench/1`` ``extra`` object (keyword arguments of :class:`BenchResult`)."""
    e = F.obj(extra, where.rstrip("."))
    out: dict[str, Any] = {}
    if e.get("decision") is not None:
        out["decision"] = Decision.from_dict(F.mapping(e, "decision", where), where + "decision.")
    pilot = F.mapping(e, "pilot", where, {})
    if any(e.get(k) is not None for k in ("eager_ms", "device_ms", "host_enqueue_ms", "graph", "prequeue")) or pilot:
        out["pilots"] = Pilots(
            eager_ms=F.opt_number(e, "eager_ms", where),
            device_ms=F.opt_number(e, "device_ms", where), host_enqueue_ms=F.opt_number(e, "host_enqueue_ms", where),
            eager_samples_ms=F.numbers(pilot, "eager_samples_ms", where + "pilot.", ()),
            device_method=F.text(pilot, "device_method", where + "pilot.", ""),
            device_calls_per_sample=F.opt_integer(pilot, "device_calls_per_sample", where + "pilot."),
            device_samples_ms=F.numbers(pilot, "device_samples_ms", where + "pilot.", ()),
            graph=F.opt_obj(e, "graph", where), prequeue=F.opt_obj(e, "prequeue", where))
    if e.get("floor") is not None:
        fl = F.mapping(e, "floor", where)
        out["floor"] = Floor(method=F.text(fl, "method", where + "floor.", ""),
                             floor_ms=F.opt_number(fl, "floor_ms", where + "floor."),
                             by_method_ms={k.removesuffix("_ms"): F.number(fl, k, where + "floor.")
                                           for k in fl if k.endswith("_ms") and k not in ("floor_ms", "sleep_cycles_per_ms")
                                           and fl[k] is not None},
                             sleep_cycles_per_ms=F.opt_number(fl, "sleep_cycles_per_ms", where + "floor."),
                             cached=F.flag(fl, "cached", where + "floor.", False))
    if e.get("isolated") is not None:
        out["isolated"] = Isolated.from_dict(F.mapping(e, "isolated", where), where + "isolated.")
    if e.get("telemetry") is not None or e.get("throttled_samples") or e.get("dropped_samples_ms"):
        out["telemetry"] = Telemetry.from_dict({"nvml": e.get("telemetry") or {},
                                                "throttled_samples": e.get("throttled_samples", 0),
                                                "dropped_samples_ms": e.get("dropped_samples_ms", [])}, where)
    if e.get("cache") is not None:
        out["cache"] = Cache.from_dict(F.mapping(e, "cache", where), where + "cache.")
    drift = F.mapping(e, "drift", where, {})
    out["run"] = RunInfo(estimate_ms=F.opt_number(e, "estimate_ms", where), total_s=F.opt_number(e, "total_s", where),
                         timed_s=F.opt_number(e, "timed_s", where),
                         drift_first_quarter_ms=F.opt_number(drift, "first_quarter_ms", where + "drift."),
                         drift_last_quarter_ms=F.opt_number(drift, "last_quarter_ms", where + "drift."),
                         power_limited=F.flag(e, "power_limited", where, False))
    for key, kind in (("crosscheck", CrossCheck), ("kernels", Kernels), ("power", Power)):
        if e.get(key) is not None:
            out[key] = kind.from_dict(F.mapping(e, key, where), f"{where}{key}.")
    out["notices"] = F.texts(e, "notices", where, ())
    out["next_step"] = F.text(e, "next_step", where, "")
    out["throughput"] = read_throughput(e, "throughput", where)
    return out


_TP_NUMBERS = ("time_ms", "flops_per_call", "bytes_per_call", "tflop_per_s", "gb_per_s", "intensity_flop_per_byte",
               "peak_flops_fraction", "peak_bandwidth_fraction", "ridge_flop_per_byte", "roof_tflop_per_s",
               "roof_fraction")
_TP_TEXTS = ("flops_source", "dtype", "bound", "reason")
# a rate shown with its share of a peak needs the peak; a bound needs the numbers its line prints
_TP_NEEDS = {"peak_flops_fraction": ("peak.tflop_per_s",), "peak_bandwidth_fraction": ("peak.memory_gb_per_s",),
             "bound": ("intensity_flop_per_byte", "ridge_flop_per_byte", "roof_fraction")}


def read_throughput(d: dict[str, Any], key: str, where: str) -> dict[str, Any] | None:
    """The ``throughput`` section, every field the reports print type-checked (numbers, strings, the peak)."""
    t = F.opt_obj(d, key, where)
    if t is None:
        return None
    w = f"{where}{key}."
    for k in _TP_NUMBERS:  # only the keys present: the section round-trips as it was written
        if k in t:
            F.opt_number(t, k, w)  # checked; kept as written (an int stays an int)
    for k in _TP_TEXTS:
        if k in t:
            t[k] = F.text(t, k, w, None)
    for k in ("tflop_per_s_ci95", "gb_per_s_ci95"):
        if t.get(k) is not None:
            t[k] = list(F.numbers(t, k, w))
    peak = F.opt_obj(t, "peak", w)
    if peak is not None:
        for k in ("tflop_per_s", "memory_gb_per_s"):
            if k in peak:
                F.opt_number(peak, k, w + "peak.")
        for k in ("device_name", "dtype", "source"):
            if k in peak:
                peak[k] = F.text(peak, k, w + "peak.", None)
        t["peak"] = peak
    for k, needs in _TP_NEEDS.items():
        if t.get(k) is None:
            continue
        for n in needs:
            sec, _, leaf = n.rpartition(".")
            if ((t.get(sec) or {}) if sec else t).get(leaf) is None:
                raise F.FieldError(f"{w}{n}: missing (needed with {w}{k})")
    return t


@dataclass(frozen=True)
class Warmup:
    """Warmup actually done before the timed samples (excluded from them)."""

    calls: int
    ms: float  # host wall time spent warming up after the first call (the estimate calls included)
    first_call_ms: float  # host wall time of the first (untimed) call: compile, autotune, lazy init
    reason: str  # what decided the amount, e.g. "count=10 and time>=25 ms"

    def to_dict(self) -> dict[str, Any]:
        return {"calls": self.calls, "ms": self.ms, "first_call_ms": self.first_call_ms, "reason": self.reason}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "warmup.") -> Warmup:
        return cls(calls=F.integer(d, "calls", where), ms=F.number(d, "ms", where),
                   first_call_ms=F.number(d, "first_call_ms", where), reason=F.text(d, "reason", where, ""))


@dataclass(frozen=True)
class BenchResult:
    """One ``wprof.bench`` measurement: raw per-call samples in ms and everything needed to trust them.

    ``clock`` is ``"cuda-events"`` or ``"host"`` (one result never mixes clocks). ``mode`` is ``"per-call"`` (an event
    pair around each call), ``"aggregate"`` (one pair around ``calls_per_sample`` calls; each sample is the mean of
    those calls) or another mode named in docs/results.md. The sections (``decision``, ``pilots``, ``floor``,
    ``isolated``, ``telemetry``, ``cache``, ``run``) are None where that part of the harness did not run (the host
    clock has no pilots). ``next_step``: the escalation ladder's advice when the run was made (a report recomputes it
    from ``target`` and ``clock`` rather than print a file's text).
    """

    name: str
    clock: str
    mode: str
    samples_ms: tuple[float, ...]
    summary: Summary
    warmup: Warmup
    calls_per_sample: int = 1
    stop_reason: str = ""
    warnings: tuple[Warning_, ...] = ()
    env: dict[str, Any] = field(default_factory=dict)
    config: dict[str, Any] = field(default_factory=dict)
    decision: Decision | None = None
    pilots: Pilots | None = None
    floor: Floor | None = None
    isolated: Isolated | None = None
    telemetry: Telemetry | None = None
    cache: Cache | None = None
    run: RunInfo | None = None
    crosscheck: CrossCheck | None = None
    kernels: Kernels | None = None
    power: Power | None = None
    notices: tuple[str, ...] = ()
    next_step: str = ""
    throughput: dict[str, Any] | None = None  # the work declared by the factory, as rates and % of peak (sweep.md)
    target: str = ""
    created_utc: str = ""
    wprof_version: str = ""
    schema: str = BENCH_SCHEMA  # the schema written; a result read from an older file is written in this one

    @property
    def median_ms(self) -> float:
        return self.summary.median

    @property
    def headline(self) -> str:
        """``"device"`` (back-to-back calls, host removed), ``"eager"`` (an event pair per call) or ``"wall"``
        (synchronized host-clock spans: the cross-check replaced a device number that did not hold)."""
        if self.mode == "wall":
            return "wall"
        return "device" if self.mode in ("prequeued", "graph") else "eager"

    @property
    def isolated_ms(self) -> float | None:
        return self.isolated.isolated_ms if self.isolated else None

    @property
    def extra(self) -> dict[str, Any]:
        """The sections in the ``wprof.bench/1`` layout (one untyped object), for scripts written against it."""
        e: dict[str, Any] = {}
        r = self.run or RunInfo()
        e.update(estimate_ms=r.estimate_ms, total_s=r.total_s, timed_s=r.timed_s)
        if self.telemetry is not None:
            e["telemetry"] = dict(self.telemetry.nvml)
            e["throttled_samples"] = self.telemetry.throttled_samples
            if self.telemetry.dropped_samples_ms:
                e["dropped_samples_ms"] = list(self.telemetry.dropped_samples_ms)
        e["method"] = self.mode
        e["headline"] = self.headline
        if self.decision is not None:
            e["decision"] = self.decision.to_dict()
        p = self.pilots
        if p is not None:
            e.update(drop_none({"host_enqueue_ms": p.host_enqueue_ms, "eager_ms": p.eager_ms,
                                 "device_ms": p.device_ms}))
            if p.eager_samples_ms or p.device_samples_ms:
                e["pilot"] = {"eager_samples_ms": list(p.eager_samples_ms), "device_method": p.device_method,
                              "device_calls_per_sample": p.device_calls_per_sample,
                              "device_samples_ms": list(p.device_samples_ms)}
            if p.graph is not None:
                e["graph"] = dict(p.graph)
            if p.prequeue is not None:
                e["prequeue"] = dict(p.prequeue)
        if self.floor is not None:
            e["floor"] = {**{f"{k}_ms": v for k, v in self.floor.by_method_ms.items()}, "method": self.floor.method,
                          "floor_ms": self.floor.floor_ms, "sleep_cycles_per_ms": self.floor.sleep_cycles_per_ms,
                          "cached": self.floor.cached}
        if self.isolated is not None:
            e["isolated"] = self.isolated.to_dict()
            e["isolated_ms"] = self.isolated.isolated_ms
        if r.drift_first_quarter_ms is not None:
            e["drift"] = {"first_quarter_ms": r.drift_first_quarter_ms, "last_quarter_ms": r.drift_last_quarter_ms}
        if r.power_limited:
            e["power_limited"] = True
        if self.cache is not None:
            e["cache"] = self.cache.to_dict()
        for key in ("crosscheck", "kernels", "power"):
            sec = getattr(self, key)
            if sec is not None:
                e[key] = sec.to_dict()
        if self.notices:
            e["notices"] = list(self.notices)
        if self.next_step:
            e["next_step"] = self.next_step
        if self.throughput is not None:
            e["throughput"] = dict(self.throughput)
        return e

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": self.schema,
            "wprof_version": self.wprof_version,
            "created_utc": self.created_utc,
            "name": self.name,
            "target": self.target,
            "clock": self.clock,
            "mode": self.mode,
            "calls_per_sample": self.calls_per_sample,
            "stop_reason": self.stop_reason,
            "config": dict(self.config),
            "warmup": self.warmup.to_dict(),
            "summary": self.summary.to_dict(),
            "warnings": [w.to_dict() for w in self.warnings],
            "env": dict(self.env),
            "decision": self.decision.to_dict() if self.decision else None,
            "pilots": self.pilots.to_dict() if self.pilots else None,
            "floor": self.floor.to_dict() if self.floor else None,
            "isolated": self.isolated.to_dict() if self.isolated else None,
            "telemetry": self.telemetry.to_dict() if self.telemetry else None,
            "cache": self.cache.to_dict() if self.cache else None,
            "run": self.run.to_dict() if self.run else None,
            "crosscheck": self.crosscheck.to_dict() if self.crosscheck else None,
            "kernels": self.kernels.to_dict() if self.kernels else None,
            "power": self.power.to_dict() if self.power else None,
            "notices": list(self.notices),
            "next_step": self.next_step,
            "throughput": dict(self.throughput) if self.throughput is not None else None,
            "samples_ms": list(self.samples_ms),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "") -> BenchResult:
        schema = F.text(d, "schema", where)
        if not schema.startswith("wprof.bench/"):
            raise F.FieldError(f"{where}schema: {schema!r} is not wprof.bench")
        target = F.text(d, "target", where, "")
        if schema.partition("/")[2].partition(".")[0] == "1":  # one untyped "extra" object
            sections = sections_from_extra(F.mapping(d, "extra", where, {}), where + "extra.")
            target = _v1_target(target, sections["next_step"])
        else:
            def section(key: str, kind: Any) -> Any:
                return None if d.get(key) is None else kind.from_dict(F.mapping(d, key, where), f"{where}{key}.")

            sections = {"decision": section("decision", Decision), "pilots": section("pilots", Pilots),
                        "floor": section("floor", Floor), "isolated": section("isolated", Isolated),
                        "telemetry": section("telemetry", Telemetry), "cache": section("cache", Cache),
                        "run": section("run", RunInfo), "crosscheck": section("crosscheck", CrossCheck),
                        "kernels": section("kernels", Kernels), "power": section("power", Power),
                        "notices": F.texts(d, "notices", where, ()),
                        "next_step": F.text(d, "next_step", where, ""),
                        "throughput": read_throughput(d, "throughput", where)}
        return cls(
            name=F.text(d, "name", where),
            clock=F.text(d, "clock", where),
            mode=F.text(d, "mode", where),
            samples_ms=F.numbers(d, "samples_ms", where),
            summary=read_summary(d.get("summary"), where + "summary"),
            warmup=Warmup.from_dict(F.mapping(d, "warmup", where), where + "warmup."),
            calls_per_sample=F.integer(d, "calls_per_sample", where, 1),
            stop_reason=F.text(d, "stop_reason", where, ""),
            warnings=read_warnings(d, "warnings", where),
            env=F.mapping(d, "env", where, {}),
            config=F.mapping(d, "config", where, {}),
            **sections,
            target=target,
            created_utc=F.text(d, "created_utc", where, ""),
            wprof_version=F.text(d, "wprof_version", where, ""),
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write this result as JSON, atomically (disk full: to a fallback place, named in the error)."""
        return write_json_atomic(path, self.to_dict(), fallback=True)
