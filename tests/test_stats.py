import math

import numpy as np
import pytest

from wprof.stats import Summary, bimodality_coefficient, bootstrap_ratio_ci, median_ci, quality_warnings, summarize


def test_summary_matches_numpy():
    x = np.random.default_rng(0).lognormal(0, 0.3, 301)
    s = summarize(x)
    assert s.n == 301
    assert s.median == pytest.approx(np.median(x))
    assert s.mean == pytest.approx(x.mean())
    assert s.std == pytest.approx(x.std(ddof=1))
    assert s.p5 == pytest.approx(np.percentile(x, 5))
    assert s.p95 == pytest.approx(np.percentile(x, 95))
    assert s.iqr == pytest.approx(np.percentile(x, 75) - np.percentile(x, 25))
    assert s.min == x.min() and s.max == x.max()
    assert s.ci95_low <= s.median <= s.ci95_high


def test_median_ci_exact_small_n():
    # n=20: P(Bin(20,.5) <= 5) = 0.0207 <= 0.025 < P(<= 6): interval is [x_(6), x_(15)] (1-based)
    assert median_ci(list(range(1, 21))) == (6.0, 15.0)
    assert all(math.isnan(v) for v in median_ci([1, 2, 3, 4, 5]))


def test_median_ci_coverage():
    rng = np.random.default_rng(1)
    hits = 0
    trials = 400
    for _ in range(trials):
        lo, hi = median_ci(rng.exponential(1.0, 41))
        hits += lo <= math.log(2) <= hi
    assert hits / trials >= 0.93  # nominal >= 95%; allow sampling error


def test_summary_round_trip_and_empty():
    s = summarize([1.0, 2.0, 3.0])
    assert Summary.from_dict(s.to_dict()) == s
    e = summarize([])
    assert e.n == 0 and math.isnan(e.median)


def test_quality_warnings():
    rng = np.random.default_rng(2)
    tight = rng.normal(10, 0.05, 200)
    assert quality_warnings(tight) == []
    codes = {w.code for w in quality_warnings(tight[:5])}
    assert "too-few-samples" in codes
    wide = rng.normal(10, 3, 200)
    assert "high-spread" in {w.code for w in quality_warnings(wide)}
    two = np.concatenate([rng.normal(10, 0.05, 100), rng.normal(13, 0.05, 100)])
    ws = {w.code: w for w in quality_warnings(two)}
    assert "bimodal" in ws and "coefficient" in ws["bimodal"].message
    skewed = rng.lognormal(0, 0.02, 400)  # skewed but one mode: no bimodal warning
    assert "bimodal" not in {w.code for w in quality_warnings(skewed)}
    fc = {w.code for w in quality_warnings(tight, first_call=100.0)}
    assert "first-call-outlier" in fc


def test_bimodality_coefficient_ranges():
    rng = np.random.default_rng(3)
    assert bimodality_coefficient(rng.normal(0, 1, 2000)) < 0.555
    assert bimodality_coefficient(np.r_[rng.normal(0, .1, 500), rng.normal(5, .1, 500)]) > 0.555


def test_bootstrap_ratio_ci():
    rng = np.random.default_rng(4)
    a = rng.normal(10, 0.1, 200)
    b = rng.normal(12, 0.1, 200)
    r, lo, hi = bootstrap_ratio_ci(a, b)
    assert lo < r < hi and lo > 1.15 and hi < 1.25
