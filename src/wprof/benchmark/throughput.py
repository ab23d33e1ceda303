"""Throughput of a timed call: TFLOP/s, GB/s and the fraction of the device's peak (roofline style).

A factory declares the work of one call beside the callable it returns (nothing to import from wprof)::

    def matmul(n=4096, dtype="bf16"):
        a = torch.randn(n, n, device="cuda", dtype=getattr(torch, {"bf16": "bfloat16"}.get(dtype, dtype)))
        return (lambda: a @ a), {"flops": 2 * n**3, "bytes": 3 * n * n * a.element_size(), "dtype": dtype}

``flops`` (a number, or ``"count"``: counted once with ``torch.utils.flop_counter.FlopCounterMode`` on one call,
outside timing; matmul, conv and attention only), ``bytes`` (bytes moved to and from memory by one call, the ideal
minimum: each input read once, each output written once) and ``dtype`` (the peak to compare against: ``bf16``,
``fp16``, ``fp32``/``tf32``, ``fp8``, ...) are all optional. ``(fn, args, {...})`` works too (``cache="rotate"``).
Without ``dtype``, a factory parameter named ``dtype`` is used.

Achieved rates come from the headline median and its 95% CI (a faster time bound is a higher rate); peaks come from
:mod:`wprof.hardware` (exact device names, dense, with sources). The bound is the roofline's: a call whose
arithmetic intensity (FLOPs per byte) is above the device's ridge point (peak FLOP/s over peak bytes/s) is
compute-bound, below it memory-bound; ``roof_fraction`` is the achieved rate over the roofline at that intensity.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .. import hardware
from ..errors import TargetError, UsageError

__all__ = ["DECLARATION_KEYS", "check_declaration", "count_call_flops", "throughput"]

DECLARATION_KEYS = ("flops", "bytes", "dtype")


def check_declaration(decl: dict[str, Any], where: str) -> dict[str, Any]:
    """Validate a factory's work declaration; a bad key or value is a TargetError naming the fix."""
    bad = [k for k in decl if k not in DECLARATION_KEYS]
    if bad:
        raise TargetError(f"factory '{where}' declared unknown key(s) {', '.join(map(repr, bad))}; the declaration "
                          f"takes {', '.join(DECLARATION_KEYS)} (per call), e.g. {{'flops': 2 * n**3, 'bytes': ...}}.")
    out: dict[str, Any] = {}
    f = decl.get("flops")
    if f is not None:
        if f != "count" and not (isinstance(f, (int, float)) and not isinstance(f, bool) and f > 0
                                 and math.isfinite(f)):
            raise TargetError(f"factory '{where}' declared flops={f!r}; give a positive number of FLOPs per call "
                              "or 'count' (FlopCounterMode).")
        out["flops"] = f
    b = decl.get("bytes")
    if b is not None:
        if not (isinstance(b, (int, float)) and not isinstance(b, bool) and b > 0 and math.isfinite(b)):
            raise TargetError(f"factory '{where}' declared bytes={b!r}; give a positive number of bytes moved per "
                              "call.")
        out["bytes"] = b
    d = decl.get("dtype")
    if d is not None:
        try:
            out["dtype"] = hardware.normalize_dtype(d)
        except UsageError as exc:
            raise TargetError(f"factory '{where}' declared dtype={d!r}: {exc}") from None
    return out


def count_call_flops(fn: Callable[..., Any], args: tuple | None = None) -> tuple[int | None, str]:
    """FLOPs of one ``fn(*args)`` call under FlopCounterMode, and the source sentence (None with the reason when it
    counted nothing: custom and Triton kernels count 0)."""
    from ..flops import count_flops

    fc = count_flops(lambda: fn(*(args or ())), includes_backward=False)
    if fc.total <= 0:
        return None, ("FlopCounterMode counted 0 FLOPs (it sees matmul, conv and attention only; custom and Triton "
                      "kernels count 0): declare flops in the factory")
    ops = ", ".join(f"{k} {v:.3g}" for k, v in sorted(fc.by_operator.items(), key=lambda kv: -kv[1])[:4])
    return fc.total, f"counted once with FlopCounterMode ({ops})"


def _rate(amount: float, ms: float) -> float:
    return amount / (ms / 1e3) if ms and ms > 0 and math.isfinite(ms) else math.nan


def throughput(median_ms: float, ci_ms: tuple[float, float], *, flops: float | None = None,
               bytes_: float | None = None, dtype: str | None = None, device_name: str | None = None,
               flops_source: str = "declared by the factory", host_clock: bool = False) -> dict[str, Any]:
    """The ``extra.throughput`` section of a bench result (units in the names; fractions, not percents)."""
    lo_ms, hi_ms = ci_ms
    out: dict[str, Any] = {"time_ms": median_ms, "flops_per_call": flops, "bytes_per_call": bytes_,
                           "flops_source": flops_source if flops else None, "dtype": dtype}
    reasons: list[str] = []
    if flops:
        out["tflop_per_s"] = _rate(flops, median_ms) / 1e12
        out["tflop_per_s_ci95"] = [_rate(flops, hi_ms) / 1e12, _rate(flops, lo_ms) / 1e12]
    if bytes_:
        out["gb_per_s"] = _rate(bytes_, median_ms) / 1e9
        out["gb_per_s_ci95"] = [_rate(bytes_, hi_ms) / 1e9, _rate(bytes_, lo_ms) / 1e9]
    if flops and bytes_:
        out["intensity_flop_per_byte"] = flops / bytes_
    row = None if host_clock else hardware.lookup(device_name)
    if host_clock:
        reasons.append("host clock: no device peak to compare against")
    elif row is None:
        reasons.append(hardware.why_unknown(device_name).split("; give")[0])
    if row is not None:
        peak_tf = row.tflops.get(dtype) if dtype else None
        out["peak"] = {"device_name": row.name, "dtype": dtype, "tflop_per_s": peak_tf,
                       "memory_gb_per_s": row.memory_gb_per_s, "source": row.source}
        if flops and peak_tf:
            out["peak_flops_fraction"] = out["tflop_per_s"] / peak_tf
        elif flops and not dtype:
            reasons.append("no dtype declared (nor a 'dtype' parameter): no FLOP/s peak to compare against")
        elif flops:
            reasons.append(f"{row.name} has no {dtype} peak in the table")
        if bytes_:
            out["peak_bandwidth_fraction"] = out["gb_per_s"] / row.memory_gb_per_s
        if flops and bytes_ and peak_tf:
            ridge = peak_tf * 1e12 / (row.memory_gb_per_s * 1e9)
            intensity = out["intensity_flop_per_byte"]
            roof_tf = min(peak_tf, intensity * row.memory_gb_per_s / 1e3)
            out.update(ridge_flop_per_byte=ridge, bound="compute" if intensity >= ridge else "memory",
                       roof_tflop_per_s=roof_tf, roof_fraction=out["tflop_per_s"] / roof_tf)
        elif flops or bytes_:
            reasons.append("declare both flops and bytes for the roofline bound (compute or memory)")
    if reasons:
        out["reason"] = "; ".join(reasons)
    return out
