"""Findings about a loop window, each resting on numbers the result holds.

Rules (thresholds are module constants, documented in docs/loop.md):

- ``data-bound``: median ``data_ms`` / median ``iter_ms`` > 0.2 -- waiting for data costs more than a fifth of the
  compute time.
- ``host-bound``: NVML GPU utilization (mean over the window) divided by the share of the step spent computing
  (``iter_ms / step_ms``, at least half) is below 60% -- the GPU idles even while computing, which waiting for data
  does not explain: the host or kernel launches set the pace. Can come with ``data-bound``.
- ``low-power``: mean power below 50% of the enforced power cap.
- ``throttled``: a throttle reason (power cap, thermal, HW slowdown, power brake) was seen in any NVML sample.

Compute time is never derived as ``iter - data``: ``iter_ms`` already excludes data by construction.
"""

from __future__ import annotations

import math
from typing import Any

from ..stats import Summary, fmt_ms
from ..results.loop import Finding

__all__ = ["diagnose", "diagnose_ranks", "DATA_RATIO", "LOW_UTIL_PCT", "LOW_POWER_FRACTION"]

DATA_RATIO = 0.2
LOW_UTIL_PCT = 60.0
ITER_SHARE = 0.5
LOW_POWER_FRACTION = 0.5
_THROTTLE = ("sw_power_cap", "hw_slowdown", "sw_thermal", "hw_thermal", "hw_power_brake")


def _ok(x: float | None) -> bool:
    return x is not None and not math.isnan(x)


def diagnose(summaries: dict[str, Summary], telemetry: dict[str, Any] | None = None) -> list[Finding]:
    """Findings for one window from its summaries (``iter_ms``, ``data_ms``, ``step_ms``) and NVML telemetry
    (``MonitorSummary.to_dict()``), most important first."""
    out: list[Finding] = []
    it, da, st = (summaries.get(k) for k in ("iter_ms", "data_ms", "step_ms"))
    if it is None or it.n == 0:
        return out
    ratio = da.median / it.median if da is not None and it.median > 0 else math.nan
    data_bound = _ok(ratio) and ratio > DATA_RATIO
    if data_bound:
        out.append(Finding(
            "data-bound",
            f"data loading takes {fmt_ms(da.median, 3)} per step, {ratio:.1%} of the {fmt_ms(it.median, 3)} of compute "
            f"(medians over {it.n} iterations; threshold {DATA_RATIO:.0%}): the input pipeline is a bottleneck.",
            {"data_ms_median": da.median, "iter_ms_median": it.median, "ratio": ratio, "threshold": DATA_RATIO},
            "Use more DataLoader workers (num_workers), pin_memory=True and a larger prefetch_factor; move decoding "
            "and augmentation off the training process or cache preprocessed data.",
        ))
    tel = telemetry if telemetry and telemetry.get("available") else None
    metrics = (tel or {}).get("metrics", {})
    util = metrics.get("gpu_util_pct")
    share = it.median / st.median if st is not None and st.median > 0 else math.nan
    # utilization while computing: the data wait explains idle time only outside iter_ms
    busy = util["mean"] / share if util and _ok(share) and share > 0 else math.nan
    if _ok(busy) and busy < LOW_UTIL_PCT and share >= ITER_SHARE:
        out.append(Finding(
            "host-bound",
            f"the GPU was busy {util['mean']:.0f}% of the time (NVML utilization, mean of {util['n']} samples) while "
            f"compute takes {fmt_ms(it.median, 3)} of each {fmt_ms(st.median, 3)} step ({share:.0%}), so about "
            f"{min(busy, 100.0):.0f}% even while computing (threshold {LOW_UTIL_PCT:.0f}%): the host or kernel "
            "launches set the pace, not the GPU.",
            {"gpu_util_pct_mean": util["mean"], "iter_ms_median": it.median, "step_ms_median": st.median,
             "iter_share": share, "util_while_computing_pct": busy, "threshold_pct": LOW_UTIL_PCT},
            "Remove host syncs from the step (.item(), .cpu(), printing tensors), capture the step with CUDA graphs "
            "(torch.compile(mode='reduce-overhead')), fuse small ops or raise the batch size; see the gaps with "
            "`wprof nsys`.",
        ))
    power = metrics.get("power_w")
    limit = ((tel or {}).get("device") or {}).get("power_limit_w")
    if power and limit and power["mean"] < LOW_POWER_FRACTION * limit:
        out.append(Finding(
            "low-power",
            f"mean power {power['mean']:.0f} W is {power['mean'] / limit:.0%} of the {limit:.0f} W cap "
            f"(min {power['min']:.0f}, max {power['max']:.0f} W over {power['n']} samples): the GPU is far from "
            "saturated.",
            {"power_w_mean": power["mean"], "power_limit_w": limit, "fraction": power["mean"] / limit},
            "Small kernels, memory-bound work or idle gaps keep power low: check utilization, the phases table, "
            "and a Kineto or nsys timeline of the window.",
        ))
    reasons = {r: f for r, f in ((tel or {}).get("reasons_fraction") or {}).items() if r in _THROTTLE and f > 0}
    if reasons:
        frac = tel.get("throttled_fraction", max(reasons.values()))
        listed = ", ".join(f"{r} {f:.0%}" for r, f in sorted(reasons.items(), key=lambda x: -x[1]))
        sm = metrics.get("sm_clock_mhz")
        clock = ""
        max_clock = ((tel or {}).get("device") or {}).get("max_sm_clock_mhz")
        if sm:
            clock = f"; SM clock {sm['min']:.0f}-{sm['max']:.0f} MHz" + (f" (max {max_clock:.0f})" if max_clock
                                                                          else "")
        out.append(Finding(
            "throttled",
            f"clocks were throttled in {frac:.0%} of {tel.get('n_samples', 0)} NVML samples ({listed}){clock}: "
            "step times include slowed clocks.",
            {"throttled_fraction": frac, "reasons_fraction": reasons,
             "sm_clock_mhz": dict(sm) if sm else None, "max_sm_clock_mhz": max_clock},
            "Power-cap throttling under sustained load is normal for big GPUs; thermal or HW slowdown is not "
            "(check cooling). Compare runs only at equal clocks.",
        ))
    return out


RANK_SPREAD = 0.05


def diagnose_ranks(dist: dict[str, Any]) -> list[Finding]:
    """``rank-imbalance`` when the slowest rank's median step is more than 5% above the fastest's."""
    spread = dist.get("spread")
    if spread is None or spread <= RANK_SPREAD:
        return []
    return [Finding(
        "rank-imbalance",
        f"rank {dist['slowest_rank']} is the slowest: median step {fmt_ms(dist['slowest_ms'], 3)} against "
        f"{fmt_ms(dist['fastest_ms'], 3)} on rank {dist['fastest_rank']} (spread {spread:.0%} over "
        f"{dist['world_size']} ranks); every rank waits for the slowest at each collective.",
        {k: dist[k] for k in ("slowest_rank", "slowest_ms", "fastest_rank", "fastest_ms", "spread", "world_size")},
        "Look at the slow rank's data loading and its GPU (clocks, throttling: --dmon --all-ranks).",
    )]
