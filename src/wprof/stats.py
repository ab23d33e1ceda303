"""Summaries of raw samples: order statistics, confidence intervals, quality checks.

Pure Python + numpy (imported inside functions so ``import wprof`` stays light). Every number here is computed from
the samples passed in; nothing is estimated from elsewhere.

- :func:`summarize` -> :class:`Summary` (mean, median, std, min, max, p5, p95, IQR, n, 95% CI of the median).
- :func:`median_ci`: distribution-free confidence interval of the median from binomial order statistics.
- :func:`bootstrap_ratio_ci`: CI of the ratio of two medians (for comparisons): bootstrap, in bounded memory; an
  distribution-free order-statistic interval (:func:`ratio_ci_order_statistics`) above 10,000 samples per side.
- :func:`quality_warnings`: high spread, bimodal, too few samples, first-call outlier.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

__all__ = [
    "Summary",
    "summarize",
    "median_ci",
    "bootstrap_ratio_ci",
    "ratio_ci_order_statistics",
    "bimodality_coefficient",
    "quality_warnings",
    "Warning_",
    "fmt_ms",
    "fmt_rate",
    "rate_unit",
]

# Thresholds of the quality checks (documented in docs/results.md).
MIN_SAMPLES = 10
HIGH_SPREAD_IQR_OVER_MEDIAN = 0.10
BIMODAL_COEFFICIENT = 0.555  # Sarle's b > 5/9 suggests bi- or multimodality
FIRST_CALL_OUTLIER_FACTOR = 3.0


@dataclass(frozen=True)
class Summary:
    """Statistics of one sample set. All values in the samples' unit (ms in results)."""

    n: int
    mean: float
    median: float
    std: float
    min: float
    max: float
    p5: float
    p95: float
    iqr: float
    ci95_low: float
    ci95_high: float

    @property
    def ci95_rel_halfwidth(self) -> float:
        """Half-width of the median's 95% CI relative to the median (0.01 = ±1%)."""
        if self.median == 0 or math.isnan(self.ci95_low):
            return math.inf
        return (self.ci95_high - self.ci95_low) / 2 / abs(self.median)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Summary:
        return cls(**{f.name: d[f.name] for f in fields(cls)})


@dataclass(frozen=True)
class Warning_:
    """A quality warning: a stable code, a sentence with its numbers, and the advice."""

    code: str
    message: str
    advice: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Warning_:
        return cls(code=d["code"], message=d["message"], advice=d.get("advice", ""))


def _np():
    import numpy as np

    return np


def median_ci(samples: Sequence[float], confidence: float = 0.95) -> tuple[float, float]:
    """Distribution-free CI of the median: order statistics whose ranks come from Binomial(n, 1/2).

    Exact for any continuous distribution; needs n >= 6 for a 95% interval (returns NaNs below that).
    """
    np = _np()
    x = np.sort(np.asarray(samples, dtype=float))
    n = len(x)
    if n < 6:
        return (math.nan, math.nan)
    alpha = 1 - confidence
    # smallest k with P(Bin(n, .5) <= k-1) >= alpha/2 -> interval [x_(k), x_(n-k+1)] (1-based)
    # normal approximation for large n, exact cumulative sum for small n
    if n > 1000:
        z = 1.959963984540054 if abs(confidence - 0.95) < 1e-9 else _z(confidence)
        k = int(math.floor(n / 2 - z * math.sqrt(n) / 2))  # 1-based rank of the lower bound
    else:
        cdf = 0.0
        k = 0
        log_half_n = -n * math.log(2)
        for j in range(n + 1):
            p = math.exp(math.lgamma(n + 1) - math.lgamma(j + 1) - math.lgamma(n - j + 1) + log_half_n)
            if cdf + p > alpha / 2:
                k = j
                break
            cdf += p
    # k is now the 1-based rank of the lower bound: P(Bin(n, 1/2) <= k - 1) <= alpha / 2 (coverage >= confidence)
    k = max(k, 1)
    lo, hi = x[k - 1], x[n - k]
    return (float(lo), float(hi))


def _z(confidence: float) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + confidence / 2)


def summarize(samples: Sequence[float]) -> Summary:
    """Summary of raw samples. Empty input gives NaNs and n=0."""
    np = _np()
    x = np.asarray(samples, dtype=float)
    n = int(x.size)
    if n == 0:
        nan = math.nan
        return Summary(0, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan)
    p5, q1, med, q3, p95 = np.percentile(x, [5, 25, 50, 75, 95])
    lo, hi = median_ci(x)
    return Summary(
        n=n,
        mean=float(x.mean()),
        median=float(med),
        std=float(x.std(ddof=1)) if n > 1 else 0.0,
        min=float(x.min()),
        max=float(x.max()),
        p5=float(p5),
        p95=float(p95),
        iqr=float(q3 - q1),
        ci95_low=lo,
        ci95_high=hi,
    )


def bimodality_coefficient(samples: Sequence[float]) -> float:
    """Sarle's bimodality coefficient b = (g^2 + 1) / (k + 3(n-1)^2/((n-2)(n-3))); > 5/9 hints at two modes."""
    np = _np()
    x = np.asarray(samples, dtype=float)
    n = x.size
    if n < 4:
        return math.nan
    s = x.std()
    if s == 0:
        return 0.0
    z = (x - x.mean()) / s
    g = float((z**3).mean()) * math.sqrt(n * (n - 1)) / (n - 2)  # sample skewness (adjusted)
    k = float((z**4).mean()) - 3.0
    k = ((n + 1) * k + 6) * (n - 1) / ((n - 2) * (n - 3))  # sample excess kurtosis (adjusted)
    return (g * g + 1) / (k + 3 * (n - 1) ** 2 / ((n - 2) * (n - 3)))


def _has_gap(x, summary: Summary) -> bool:
    """Two clusters: the largest gap between sorted samples splits off >= 10% on each side and exceeds 3 IQRs of
    the larger cluster."""
    np = _np()
    xs = np.sort(x)
    n = xs.size
    lo_i, hi_i = max(1, n // 10), n - max(1, n // 10)
    if hi_i <= lo_i:
        return False
    gaps = np.diff(xs)[lo_i - 1 : hi_i - 1]
    if gaps.size == 0:
        return False
    i = int(np.argmax(gaps)) + lo_i - 1
    left, right = xs[: i + 1], xs[i + 1 :]
    big = left if left.size >= right.size else right
    q1, q3 = np.percentile(big, [25, 75])
    spread = max(q3 - q1, 1e-12 * max(abs(summary.median), 1.0))
    return bool(gaps.max() > 3 * spread and gaps.max() > 0.05 * abs(summary.median))


def quality_warnings(samples: Sequence[float], summary: Summary | None = None, *, first_call: float | None = None,
                     unit: str = "ms", device: bool = True) -> list[Warning_]:
    """Warnings about a sample set: too few samples, high spread, bimodal, first-call outlier. ``device``: the
    samples timed GPU work (the advice then names the GPU's causes; without it, the host's)."""
    np = _np()
    x = np.asarray(samples, dtype=float)
    s = summary or summarize(x)
    out: list[Warning_] = []
    if s.n < MIN_SAMPLES:
        out.append(Warning_("too-few-samples", f"only {s.n} samples (fewer than {MIN_SAMPLES}); the statistics are "
                            "not reliable.", "Run more iterations or a longer time budget."))
    if s.n >= 4 and s.median > 0:
        rel = s.iqr / s.median
        if rel > HIGH_SPREAD_IQR_OVER_MEDIAN:
            out.append(Warning_("high-spread", f"IQR is {rel:.0%} of the median ({s.iqr:.4g} of {s.median:.4g} {unit}); "
                                "the machine or the workload is noisy.",
                                "Check for other processes on the GPU, clock throttling, or host-side work inside "
                                "the timed call." if device else "Check for other processes on the machine, CPU "
                                "frequency scaling, or a garbage collection inside the timed call."))
    if s.n >= 20:
        # Sarle's coefficient alone flags every right-skewed timing distribution; the gap test decides, the
        # coefficient is quoted as supporting evidence.
        if _has_gap(x, s):
            b = bimodality_coefficient(x)
            out.append(Warning_("bimodal", f"samples form two clusters (bimodality coefficient {b:.2f}); the median "
                                "describes neither well.", "Look at the raw samples (wprof report --samples); "
                                "look for alternating code paths, clock changes or cache effects."))
    if first_call is not None and s.n >= 1 and s.median > 0 and first_call > FIRST_CALL_OUTLIER_FACTOR * s.median:
        out.append(Warning_("first-call-outlier", f"the first call took {first_call:.4g} {unit}, "
                            f"{first_call / s.median:.1f}x the median; it was excluded as warmup.",
                            "Expected for compilation, autotuning or lazy initialisation; nothing to do unless "
                            "you time cold starts."))
    return out


#: bootstrap resampling up to this many samples per side; above it the CI is the order-statistic one (see below)
BOOTSTRAP_MAX_N = 10_000
#: most elements (resamples x n) drawn at once: the bootstrap runs in chunks of rows under this (~32 MB of indices)
BOOTSTRAP_CHUNK_ELEMENTS = 2**22


def bootstrap_ratio_ci(a: Sequence[float], b: Sequence[float], *, confidence: float = 0.95, resamples: int = 2000,
                       seed: int = 0) -> tuple[float, float, float]:
    """Ratio median(b)/median(a) and its 95% CI: (ratio, low, high); NaNs when either side is empty or has a median
    of 0 (no ratio to it).

    Up to :data:`BOOTSTRAP_MAX_N` samples per side: percentile bootstrap (``resamples`` resamples of each side, the
    ratio of their medians), drawn in chunks of at most :data:`BOOTSTRAP_CHUNK_ELEMENTS` so memory stays bounded.
    Above it (where ``resamples x n`` draws would take minutes): :func:`ratio_ci_order_statistics`, distribution-free
    and conservative, computed from the sorted samples. Either way memory is O(n) and nothing is approximated from
    fewer samples than given.
    """
    np = _np()
    xa = np.asarray(a, dtype=float)
    xb = np.asarray(b, dtype=float)
    if xa.size == 0 or xb.size == 0:
        return (math.nan, math.nan, math.nan)
    med_a, med_b = float(np.median(xa)), float(np.median(xb))
    if med_a == 0 or not (math.isfinite(med_a) and math.isfinite(med_b)):
        return (math.nan, math.nan, math.nan)
    if max(xa.size, xb.size) > BOOTSTRAP_MAX_N:
        lo, hi = ratio_ci_order_statistics(xa, xb, confidence)
        return (med_b / med_a, lo, hi)
    rng = np.random.default_rng(seed)
    rows = max(1, BOOTSTRAP_CHUNK_ELEMENTS // max(xa.size, xb.size))
    if rows >= resamples:  # one draw of each side, as the bootstrap always did for small runs
        ma = np.median(xa[rng.integers(0, xa.size, size=(resamples, xa.size))], axis=1)
        mb = np.median(xb[rng.integers(0, xb.size, size=(resamples, xb.size))], axis=1)
    else:
        ma, mb = np.empty(resamples), np.empty(resamples)
        for i in range(0, resamples, rows):
            k = min(rows, resamples - i)
            ma[i:i + k] = np.median(xa[rng.integers(0, xa.size, size=(k, xa.size))], axis=1)
            mb[i:i + k] = np.median(xb[rng.integers(0, xb.size, size=(k, xb.size))], axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):  # a resample of A with median 0 (ties at 0): inf, ranked
        ratios = mb / ma
    alpha = (1 - confidence) / 2
    lo, hi = np.quantile(ratios, [alpha, 1 - alpha])
    return (med_b / med_a, float(lo), float(hi))


def ratio_ci_order_statistics(a: Sequence[float], b: Sequence[float], confidence: float = 0.95
                              ) -> tuple[float, float]:
    """Distribution-free CI of median(b)/median(a) for independent samples of positive values.

    Each median gets its order-statistic interval (:func:`median_ci`) at confidence ``sqrt(confidence)``; both
    contain their medians with probability >= ``confidence`` (independent samples), and then the ratio lies in
    ``[low_b / high_a, high_b / low_a]``. Conservative (1.1x to 1.6x as wide as a bootstrap interval),
    deterministic, O(n log n) time and O(n) memory for any n. NaNs when A's interval reaches 0.
    """
    lo_a, hi_a = median_ci(a, math.sqrt(confidence))
    lo_b, hi_b = median_ci(b, math.sqrt(confidence))
    if not (lo_a > 0 and hi_a > 0) or math.isnan(lo_b):
        return (math.nan, math.nan)
    return (lo_b / hi_a, hi_b / lo_a)


def fmt_ms(ms: float | None, digits: int = 4) -> str:
    """A duration given in ms, in the most readable unit (ns, µs, ms, s) with ``digits`` significant digits."""
    if ms is None or (isinstance(ms, float) and math.isnan(ms)):
        return "n/a"
    a = abs(ms)
    if a == 0:
        return "0 ms"
    if a < 1e-3:
        return f"{ms * 1e6:.{digits}g} ns"
    if a < 1:
        return f"{ms * 1e3:.{digits}g} µs"
    if a < 1e3:
        return f"{ms:.{digits}g} ms"
    return f"{ms / 1e3:.{digits}g} s"


# Rates in the unit a kernel engineer reads: TFLOP/s on a GPU, GFLOP/s or MFLOP/s on a CPU or for a tiny kernel;
# GB/s from 1 GB/s up (the unit of the device peaks), MB/s and kB/s below.
_RATE_UNITS = {
    "flops": (("TFLOP/s", 1e12), ("GFLOP/s", 1e9), ("MFLOP/s", 1e6), ("kFLOP/s", 1e3)),
    "bytes": (("GB/s", 1e9), ("MB/s", 1e6), ("kB/s", 1e3)),
}


def rate_unit(per_s: float | None, kind: str = "flops") -> tuple[str, float]:
    """``(unit, scale)`` for a rate given per second (FLOP/s or B/s): the largest unit in which it is >= 1.

    ``kind`` is ``"flops"`` (TFLOP/s down to kFLOP/s) or ``"bytes"`` (GB/s down to kB/s). A column of a table
    takes the unit of its largest value, so every row reads in one unit. ``value / scale`` is the number to show.
    """
    units = _RATE_UNITS[kind]
    if per_s is None or not math.isfinite(per_s) or per_s == 0:
        return units[0]
    for unit, scale in units:
        if abs(per_s) >= scale:
            return unit, scale
    return units[-1]


def fmt_rate(per_s: float | None, kind: str = "flops", digits: int = 4) -> str:
    """A rate per second in its readable unit: ``fmt_rate(1.5e11) == "150 GFLOP/s"``,
    ``fmt_rate(7.0e6, "bytes") == "7 MB/s"``; ``"n/a"`` for None or NaN."""
    if per_s is None or (isinstance(per_s, float) and math.isnan(per_s)):
        return "n/a"
    unit, scale = rate_unit(per_s, kind)
    return f"{per_s / scale:.{digits}g} {unit}"
