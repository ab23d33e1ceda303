"""Clock telemetry around a measurement: the background NVML sampler (:mod:`wprof.monitor`) and what it says about
the samples.

The monitor runs on its own thread for the whole measurement (pilots and sampling) and records SM and memory clock,
power, temperature and throttle reasons every ``interval_s``. Each timed span is stamped with host times
(``perf_counter_ns``) before its first enqueue and after its synchronize, so a span covers the GPU work of its
samples; a sample is *throttled* when its span overlaps an interval in which NVML reported a throttle reason
(``sw_power_cap``, ``hw_slowdown``, ``sw_thermal``, ``hw_thermal``, ``hw_power_brake``). ``drop_throttled=True``
removes those samples, never all of them (:meth:`wprof.monitor.MonitorSummary.split_throttled`). Without NVML
nothing fails: the section says ``available: false`` and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["Telemetry", "end_reading"]

INTERVAL_S = 0.05


class Telemetry:
    """Start/stop the NVML monitor (or record why there is none) and judge the samples by their host spans."""

    def __init__(self, device: Any, enabled: bool = True, interval_s: float = INTERVAL_S) -> None:
        self.enabled = enabled
        self.monitor = None
        self.reason: str | None = None if enabled else "telemetry off (monitor=False)"
        self.summary = None
        if not enabled:
            return
        try:
            from ..monitor import Monitor

            self.monitor = Monitor(device=device, interval_s=interval_s)
            if not self.monitor.available:
                self.reason = self.monitor.unavailable_reason or "NVML unavailable"
                self.monitor = None
        except Exception as exc:  # telemetry must never break a measurement
            self.reason = f"the NVML monitor could not start ({type(exc).__name__}: {exc})"
            self.monitor = None

    @property
    def available(self) -> bool:
        return self.monitor is not None

    def start(self) -> None:
        if self.monitor is not None:
            try:
                self.monitor.start()
            except Exception as exc:
                self.reason = f"the NVML monitor failed to start ({type(exc).__name__}: {exc})"
                self.monitor = None

    def stop(self) -> None:
        if self.monitor is None:
            return
        try:
            self.monitor.stop()
            self.summary = self.monitor.summary(include_samples=True)
        except Exception as exc:
            self.reason = f"the NVML monitor failed ({type(exc).__name__}: {exc})"
            self.monitor = None
            self.summary = None

    def to_dict(self) -> dict[str, Any]:
        if self.summary is None:
            return {"available": False, "unavailable_reason": self.reason}
        return self.summary.to_dict()

    def split(self, spans_ns: Sequence[tuple[int, int]], drop: bool) -> tuple[list[int], list[int], str | None]:
        """(kept indices, throttled indices, note) for per-sample host spans."""
        n = len(spans_ns)
        if self.summary is None or n == 0:
            return list(range(n)), [], None
        s = self.summary.split_throttled(list(spans_ns), drop=drop)
        return list(s.kept), list(s.throttled), s.note

    def warning_line(self) -> str | None:
        return None if self.summary is None else self.summary.warning()

    def clock_facts(self) -> dict[str, Any]:
        """Mean/min/max SM clock and power over the window, for one line in the report."""
        if self.summary is None:
            return {}
        out: dict[str, Any] = {}
        for key in ("sm_clock_mhz", "mem_clock_mhz", "power_w", "temperature_c"):
            m = self.summary.metrics.get(key)
            if m is not None:
                out[key] = {"mean": m.mean, "min": m.min, "max": m.max}
        if self.summary.device is not None:
            out["sm_clock_max_mhz"] = self.summary.device.max_sm_clock_mhz
            out["power_limit_w"] = self.summary.device.power_limit_w
        return out


def end_reading(env: dict[str, Any]) -> None:
    """Add the device's clocks, power, temperature and throttle reasons at the end of the run to ``env["device"]``
    (``at_end``), read once from NVML; nothing when there is no device record or no NVML."""
    env_dev = env.get("device")
    if env_dev is None:
        return
    from ..env import nvml_reading

    reading = nvml_reading(env_dev.get("index"))
    if reading is not None and getattr(reading, "available", True):
        env_dev["at_end"] = {k: reading.get(k) for k in ("sm_clock_mhz", "mem_clock_mhz", "power_w",
                                                         "temperature_c", "throttle_reasons")}
