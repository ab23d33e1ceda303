"""Data of the NVML monitor: one sample, the device's static facts, throttle-reason decoding.

Pure standard library; nothing here talks to NVML.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

# NVML clocks-event ("throttle") reason bits. The values are part of NVML's ABI (nvml.h,
# nvmlClocksEventReason* / older nvmlClocksThrottleReason*), identical across driver versions.
REASON_BITS: dict[int, str] = {
    0x1: "gpu_idle",
    0x2: "applications_clocks_setting",
    0x4: "sw_power_cap",
    0x8: "hw_slowdown",
    0x10: "sync_boost",
    0x20: "sw_thermal",
    0x40: "hw_thermal",
    0x80: "hw_power_brake",
    0x100: "display_clock_setting",
}

#: Reasons that mean the clock was pulled below what the workload asked for. ``gpu_idle``,
#: ``applications_clocks_setting``, ``sync_boost`` and ``display_clock_setting`` are decoded and reported but do not
#: flag a measurement: they describe a chosen or idle clock, not a slowdown under load.
THROTTLE_REASONS: frozenset[str] = frozenset(
    {"sw_power_cap", "hw_slowdown", "sw_thermal", "hw_thermal", "hw_power_brake"}
)
_THROTTLE_MASK = sum(bit for bit, name in REASON_BITS.items() if name in THROTTLE_REASONS)


def decode_reasons(mask: int | None) -> tuple[str, ...]:
    """Names of the bits set in an NVML clocks-event reason mask, lowest bit first (unknown bits as ``bit_0x...``)."""
    if not mask:
        return ()
    names = []
    bit = 1
    while bit <= mask:
        if mask & bit:
            names.append(REASON_BITS.get(bit, f"bit_{bit:#x}"))
        bit <<= 1
    return tuple(names)


def is_throttle_mask(mask: int | None) -> bool:
    """True when the mask holds a reason in :data:`THROTTLE_REASONS`."""
    return bool(mask) and bool(mask & _THROTTLE_MASK)


#: Per-sample metrics, in the order they are summarised and printed.
METRICS: tuple[str, ...] = (
    "power_w",
    "sm_clock_mhz",
    "mem_clock_mhz",
    "gpu_util_pct",
    "mem_util_pct",
    "temperature_c",
    "memory_used_mib",
)


@dataclass(frozen=True)
class MonitorSample:
    """One NVML reading. ``t_ns`` is ``time.perf_counter_ns()`` taken just before the reads, so callers can line
    samples up with their own host timestamps. A metric is None when the device does not report it."""

    t_ns: int
    power_w: float | None = None
    sm_clock_mhz: float | None = None
    mem_clock_mhz: float | None = None
    gpu_util_pct: float | None = None
    mem_util_pct: float | None = None
    temperature_c: float | None = None
    memory_used_mib: float | None = None
    reasons_mask: int | None = None

    @property
    def reasons(self) -> tuple[str, ...]:
        """Decoded clocks-event reasons (including non-throttle ones such as ``gpu_idle``)."""
        return decode_reasons(self.reasons_mask)

    @property
    def throttled(self) -> bool:
        """True when a reason in :data:`THROTTLE_REASONS` was set."""
        return is_throttle_mask(self.reasons_mask)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MonitorSample:
        return cls(**{f.name: d.get(f.name) for f in fields(cls)})


@dataclass(frozen=True)
class DeviceFacts:
    """Static facts of the monitored device, read once when the monitor starts."""

    name: str | None
    uuid: str | None
    power_limit_w: float | None = None
    max_sm_clock_mhz: float | None = None
    max_mem_clock_mhz: float | None = None
    power_source: str | None = None  # "instant" (NVML_FI_DEV_POWER_INSTANT) or "average" (nvmlDeviceGetPowerUsage)
    driver: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> DeviceFacts:
        return cls(**{f.name: d.get(f.name) for f in fields(cls)})


@dataclass(frozen=True)
class Reading:
    """What :func:`wprof.monitor.read_once` returns: one sample and the device facts, or why there are none."""

    available: bool
    unavailable_reason: str | None = None
    device: DeviceFacts | None = None
    sample: MonitorSample | None = None

    def flat(self) -> dict[str, Any]:
        """One flat dict of the facts and the sample (``driver``, ``power_limit_w``, ``sm_clock_max_mhz``,
        ``sm_clock_mhz``, ``power_w``, ``throttle_reasons``, ...) for environment fingerprints."""
        d: dict[str, Any] = {"available": self.available, "unavailable_reason": self.unavailable_reason}
        if self.device is not None:
            f = self.device
            d.update(name=f.name, uuid=f.uuid, driver=f.driver, power_limit_w=f.power_limit_w,
                     sm_clock_max_mhz=f.max_sm_clock_mhz, mem_clock_max_mhz=f.max_mem_clock_mhz,
                     power_source=f.power_source)
        if self.sample is not None:
            s = self.sample
            d.update({k: getattr(s, k) for k in METRICS})
            d.update(throttle_reasons=list(s.reasons), throttled=s.throttled, t_ns=s.t_ns)
        return d

    def get(self, key: str, default: Any = None) -> Any:
        """Mapping-style access to :meth:`flat` (``reading.get("sm_clock_mhz")``)."""
        return self.flat().get(key, default)

    def to_dict(self) -> dict[str, Any]:
        return {
            "available": self.available,
            "unavailable_reason": self.unavailable_reason,
            "device": self.device.to_dict() if self.device else None,
            "sample": self.sample.to_dict() if self.sample else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Reading:
        return cls(
            available=bool(d["available"]),
            unavailable_reason=d.get("unavailable_reason"),
            device=DeviceFacts.from_dict(d["device"]) if d.get("device") else None,
            sample=MonitorSample.from_dict(d["sample"]) if d.get("sample") else None,
        )
