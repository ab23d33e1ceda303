"""Counts resolved through parameters, constants, config classes and harness keywords (`_counts.py`, twenty-second
session): a few samples are WP105's default tier (realcode/counts_*_bad.py); the same code with a large count
(200 kept samples after the warm-up, a config class raised to 500 runs, `REPETITIONS = 100`) stays opt-in."""

from __future__ import annotations

from pathlib import Path

from expect_markers import expected

from wprof.lint import select_rules
from wprof.lint._engine import DEFAULT_SELECT, check_source

HERE = Path(__file__).parent
DEFAULT = select_rules(DEFAULT_SELECT)
BY_CODE = select_rules(DEFAULT_SELECT, extend_select=["WP105"])


def _wp105(src: str, rules) -> list[int]:
    diags, err = check_source(src, "t.py", rules)
    assert err is None, err
    return sorted(d.line for d in diags if d.code == "WP105")


def test_resolved_few_counts_are_default():
    for name in ("counts_warmup_skipped_bad.py", "counts_timeit_constant_bad.py"):
        path = HERE / "realcode" / name
        want = sorted(line for _, line, code in expected(path) if code == "WP105")
        assert _wp105(path.read_text(), DEFAULT) == want, name


def test_resolved_large_counts_stay_opt_in():
    warm = (HERE / "counts_data" / "counts_near_miss_warmup.txt").read_text()
    assert _wp105(warm, DEFAULT) == []
    assert _wp105(warm, BY_CODE) == [22, 45]
    timeit = (HERE / "counts_data" / "counts_near_miss_timeit.txt").read_text()
    assert _wp105(timeit, DEFAULT) == []
    assert _wp105(timeit, BY_CODE) == [18]
