"""The typed sections of a ``wprof.bench/2`` result that say how its headline was taken: ``decision``, ``pilots``,
``floor``, ``isolated``, ``telemetry``, ``cache``, ``run`` (docs/results.md, field by field). The cross-check
sections (``crosscheck``, ``kernels``, ``power``) are in :mod:`wprof.results.bench_checks`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from . import _fields as F

__all__ = ["Decision", "Pilots", "Floor", "Isolated", "Telemetry", "Cache", "RunInfo", "drop_none"]


def drop_none(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None}


@dataclass(frozen=True)
class Decision:
    """How the headline was chosen: ``headline`` is ``"device"`` (back-to-back calls, host removed) or ``"eager"``
    (an event pair per call, launch-inclusive); ``launch_bound`` when the host's enqueue is slower than the GPU."""

    headline: str
    launch_bound: bool
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"headline": self.headline, "launch_bound": self.launch_bound, "reason": self.reason}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "decision.") -> Decision:
        return cls(F.text(d, "headline", where), F.flag(d, "launch_bound", where, False), F.text(d, "reason", where, ""))


@dataclass(frozen=True)
class Pilots:
    """The numbers beside the headline, from the pilot runs that chose the method (ms per call).

    ``eager_ms``: per-call
    event pairs (launch-inclusive); ``device_ms``: back-to-back calls with the host removed (``device_method``:
    ``"prequeued"`` or ``"graph"``, ``device_calls_per_sample`` calls per event pair); ``host_enqueue_ms``: host
    time to enqueue one call. ``graph``: the graph-replay pilot (``calls``, ``pilot_ms``, ``samples_ms``, or
    ``error``); ``prequeue``: how the pre-queued spans went (``spans``, ``requeued``, ``not_queued_samples``).
    """

    eager_ms: float | None = None
    device_ms: float | None = None
    host_enqueue_ms: float | None = None
    eager_samples_ms: tuple[float, ...] = ()
    device_method: str = ""
    device_calls_per_sample: int | None = None
    device_samples_ms: tuple[float, ...] = ()
    graph: dict[str, Any] | None = None
    prequeue: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"eager_ms": self.eager_ms, "device_ms": self.device_ms,
                "host_enqueue_ms": self.host_enqueue_ms, "eager_samples_ms": list(self.eager_samples_ms),
                "device_method": self.device_method, "device_calls_per_sample": self.device_calls_per_sample,
                "device_samples_ms": list(self.device_samples_ms), "graph": self.graph, "prequeue": self.prequeue}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "pilots.") -> Pilots:
        return cls(eager_ms=F.opt_number(d, "eager_ms", where),
                   device_ms=F.opt_number(d, "device_ms", where),
                   host_enqueue_ms=F.opt_number(d, "host_enqueue_ms", where),
                   eager_samples_ms=F.numbers(d, "eager_samples_ms", where, ()),
                   device_method=F.text(d, "device_method", where, ""),
                   device_calls_per_sample=F.opt_integer(d, "device_calls_per_sample", where),
                   device_samples_ms=F.numbers(d, "device_samples_ms", where, ()),
                   graph=F.opt_obj(d, "graph", where), prequeue=F.opt_obj(d, "prequeue", where))


@dataclass(frozen=True)
class Floor:
    """The harness's own floor: the same method timing a null kernel (CUDA) or an empty call (host), in ms.

    ``floor_ms`` is the floor of the method the headline used (``method``); ``by_method_ms`` has every method's
    (``per_call``, ``prequeued``, ``device``, ``pair``: an empty event pair). ``cached``: taken from an earlier run
    on the same device in this process.
    """

    method: str = ""
    floor_ms: float | None = None
    by_method_ms: dict[str, float] = field(default_factory=dict)
    sleep_cycles_per_ms: float | None = None
    cached: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"method": self.method, "floor_ms": self.floor_ms, "by_method_ms": dict(self.by_method_ms),
                "sleep_cycles_per_ms": self.sleep_cycles_per_ms, "cached": self.cached}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "floor.") -> Floor:
        by = F.mapping(d, "by_method_ms", where, {})
        return cls(method=F.text(d, "method", where, ""), floor_ms=F.opt_number(d, "floor_ms", where),
                   by_method_ms={k: F.number(by, k, where + "by_method_ms.") for k in by},
                   sleep_cycles_per_ms=F.opt_number(d, "sleep_cycles_per_ms", where),
                   cached=F.flag(d, "cached", where, False))


@dataclass(frozen=True)
class Isolated:
    """One call on its own (what ncu times): one call in its own event pair less an empty pair, in ms."""

    isolated_ms: float | None
    single_in_pair_ms: float | None
    empty_pair_ms: float | None
    how: str = ""
    samples_ms: tuple[float, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"isolated_ms": self.isolated_ms, "single_in_pair_ms": self.single_in_pair_ms,
                "empty_pair_ms": self.empty_pair_ms, "how": self.how, "samples_ms": list(self.samples_ms)}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "isolated.") -> Isolated:
        return cls(F.opt_number(d, "isolated_ms", where), F.opt_number(d, "single_in_pair_ms", where),
                   F.opt_number(d, "empty_pair_ms", where), F.text(d, "how", where, ""),
                   F.numbers(d, "samples_ms", where, ()))


@dataclass(frozen=True)
class Telemetry:
    """NVML over the timed part of the run. ``nvml`` is the monitor's own document (``wprof.monitor`` schema:
    ``available``, ``unavailable_reason``, ``device``, ``metrics`` of mean/min/max, ``throttled_fraction``, ...);
    ``throttled_samples`` counts samples overlapping a throttled interval; ``dropped_samples_ms`` are the samples
    removed by ``drop_throttled``."""

    nvml: dict[str, Any] = field(default_factory=dict)
    throttled_samples: int = 0
    dropped_samples_ms: tuple[float, ...] = ()

    @property
    def available(self) -> bool:
        return bool(self.nvml.get("available"))

    @property
    def unavailable_reason(self) -> str:
        return str(self.nvml.get("unavailable_reason") or "")

    def to_dict(self) -> dict[str, Any]:
        return {"nvml": dict(self.nvml), "throttled_samples": self.throttled_samples,
                "dropped_samples_ms": list(self.dropped_samples_ms)}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "telemetry.") -> Telemetry:
        nvml = F.mapping(d, "nvml", where, {})
        if "metrics" in nvml:
            metrics = F.mapping(nvml, "metrics", where + "nvml.", {})
            for k in metrics:
                m = F.mapping(metrics, k, where + "nvml.metrics.")
                for stat in ("mean", "min", "max"):
                    F.number(m, stat, f"{where}nvml.metrics.{k}.", None)
        if nvml.get("device") is not None:
            F.mapping(nvml, "device", where + "nvml.")
        for key in ("throttled_fraction", "n_samples"):
            if nvml.get(key) is not None:
                F.number(nvml, key, where + "nvml.")
        return cls(nvml=nvml, throttled_samples=F.integer(d, "throttled_samples", where, 0),
                   dropped_samples_ms=F.numbers(d, "dropped_samples_ms", where, ()))


@dataclass(frozen=True)
class Cache:
    """The L2 state of the samples: ``policy`` ``"warm"``, ``"cold"`` (an L2-sized read before each call, outside
    the timed span: ``flush_bytes``) or ``"rotate"`` (copies of the inputs: ``rotate``); ``applied`` is false on
    the host clock, where there is no L2 to manage."""

    policy: str = "warm"
    applied: bool | None = None
    l2_bytes: int | None = None
    flush_bytes: int | None = None
    flush: str | None = None
    rotate: str | None = None
    rotate_copies: int | None = None
    bytes_per_call: int | None = None
    rotate_enough: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        return drop_none({f.name: getattr(self, f.name) for f in fields(self)}) | {"policy": self.policy}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "cache.") -> Cache:
        def opt_flag(k: str) -> bool | None:
            return None if d.get(k) is None else F.flag(d, k, where)

        return cls(policy=F.text(d, "policy", where, "warm"), applied=opt_flag("applied"),
                   l2_bytes=F.opt_integer(d, "l2_bytes", where), flush_bytes=F.opt_integer(d, "flush_bytes", where),
                   flush=F.text(d, "flush", where, None), rotate=F.text(d, "rotate", where, None),
                   rotate_copies=F.opt_integer(d, "rotate_copies", where),
                   bytes_per_call=F.opt_integer(d, "bytes_per_call", where), rotate_enough=opt_flag("rotate_enough"))


@dataclass(frozen=True)
class RunInfo:
    """How the run went: ``estimate_ms`` (per call, from the first calls), ``total_s`` (the whole run: warmup,
    floor, pilots, samples), ``timed_s`` (from the first timed span to the end), ``drift`` (median of the first and
    the last quarter of the samples), ``power_limited`` (board power reached its limit)."""

    estimate_ms: float | None = None
    total_s: float | None = None
    timed_s: float | None = None
    drift_first_quarter_ms: float | None = None
    drift_last_quarter_ms: float | None = None
    power_limited: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "run.") -> RunInfo:
        return cls(**{f.name: F.opt_number(d, f.name, where) for f in fields(cls) if f.name != "power_limited"},
                   power_limited=F.flag(d, "power_limited", where, False))
