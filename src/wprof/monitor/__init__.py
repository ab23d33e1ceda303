"""Background NVML sampler: power, clocks, utilization, temperature, memory and throttle reasons of one GPU.

What it measures and how: a daemon thread calls NVML (``pynvml`` from ``nvidia-ml-py``) every ``interval_s``
(default 50 ms) and stores one :class:`MonitorSample` per call, stamped with ``time.perf_counter_ns()`` so callers
can line samples up with their own host timestamps. Power is the instant reading (``NVML_FI_DEV_POWER_INSTANT``)
when the driver offers it, else ``nvmlDeviceGetPowerUsage`` (a 1 s average on recent GPUs); which one is in
``DeviceFacts.power_source``. Throttle reasons come from ``nvmlDeviceGetCurrentClocksEventReasons`` (older name
``...ThrottleReasons``); ``sw_power_cap``, ``hw_slowdown``, ``sw_thermal``, ``hw_thermal`` and ``hw_power_brake``
flag a sample as throttled, ``gpu_idle`` and ``applications_clocks_setting`` do not. Each sample costs about seven
NVML calls (2-9 µs each); the mean is kept in ``MonitorSummary.read_cost_us``. Total energy is never read in the loop.

The device is matched by UUID (``torch.cuda.get_device_properties(i).uuid``), never by index: NVML ignores
``CUDA_VISIBLE_DEVICES``. Without NVML nothing raises: ``Monitor.available`` is False and the summary says why.

API::

    from wprof.monitor import Monitor, read_once

    with Monitor(device=0, interval_s=0.05) as mon:     # or mon.start() ... summary = mon.stop()
        run_the_measurement()                           # note your own time.perf_counter_ns() spans
    s = mon.summary()                                   # MonitorSummary (frozen; to_dict/from_dict)
    s.available, s.unavailable_reason                   # NVML usable? if not, why
    s.metrics["sm_clock_mhz"].mean / .min / .max        # also power_w, mem_clock_mhz, gpu_util_pct, mem_util_pct,
                                                        # temperature_c, memory_used_mib
    s.reasons_fraction  -> {"sw_power_cap": 0.4, ...}   # fraction of samples under each reason seen
    s.throttled, s.throttled_fraction, s.warning()      # one line for a result's warnings, or None
    s.is_throttled_at(t_ns); s.throttled_between(a_ns, b_ns)
    split = s.split_throttled(spans_ns, drop=True)      # .kept / .dropped / .throttled indices; never empties
    read_once(device=0) -> Reading(available, unavailable_reason, device: DeviceFacts, sample: MonitorSample)
"""

from __future__ import annotations

from ._nvml import normalize_uuid
from ._sampler import Monitor, read_once
from ._types import (
    METRICS,
    REASON_BITS,
    THROTTLE_REASONS,
    DeviceFacts,
    MonitorSample,
    Reading,
    decode_reasons,
    is_throttle_mask,
)
from .summary import (
    SCHEMA,
    MetricStats,
    MonitorSummary,
    ThrottleSplit,
    samples_from_columns,
    samples_to_columns,
    summarize,
    throttled_intervals,
)

__all__ = [
    "METRICS",
    "REASON_BITS",
    "SCHEMA",
    "THROTTLE_REASONS",
    "DeviceFacts",
    "MetricStats",
    "Monitor",
    "MonitorSample",
    "MonitorSummary",
    "Reading",
    "ThrottleSplit",
    "decode_reasons",
    "is_throttle_mask",
    "normalize_uuid",
    "read_once",
    "samples_from_columns",
    "samples_to_columns",
    "summarize",
    "throttled_intervals",
]
