"""WP105's two tiers: a mean of a few counted samples (at most 10) is reported by the default rules; every other
mean-only finding only when WP105 is selected by code (`--extend-select WP105`) or with `extra`."""

from __future__ import annotations

from pathlib import Path

from expect_markers import expected

from wprof.lint import select_rules
from wprof.lint._engine import DEFAULT_SELECT, check_source

HERE = Path(__file__).parent / "realcode"
DEFAULT = select_rules(DEFAULT_SELECT)
BY_CODE = select_rules(DEFAULT_SELECT, extend_select=["WP105"])


def _wp105(src: str, rules) -> list[int]:
    diags, err = check_source(src, "t.py", rules)
    assert err is None, err
    return sorted(d.line for d in diags if d.code == "WP105")


def test_few_counted_samples_are_reported_by_default():
    path = HERE / "mean_few_samples_bad.py"
    want = sorted(line for _, line, code in expected(path) if code == "WP105")
    assert sorted(set(_wp105(path.read_text(), DEFAULT))) == want


def test_near_misses_stay_silent_by_default_and_by_code():
    src = (HERE / "mean_few_samples_silent.py").read_text()
    assert _wp105(src, DEFAULT) == [] and _wp105(src, BY_CODE) == []


MANY = """import time, torch, numpy as np
def bench(fn, x, loader, n=100):
    a, b, c = [], [], []
    for _ in range(n):
        t0 = time.perf_counter(); fn(x); torch.cuda.synchronize()
        a.append(time.perf_counter() - t0)
    for batch in loader:
        t0 = time.perf_counter(); fn(batch); torch.cuda.synchronize()
        b.append(time.perf_counter() - t0)
    for _ in range(11):
        t0 = time.perf_counter(); fn(x); torch.cuda.synchronize()
        c.append(time.perf_counter() - t0)
    print(np.mean(a), np.mean(b), np.mean(c))
"""


def test_many_or_uncounted_samples_are_opt_in():
    """A hundred samples, a loader's batches (not counted), eleven samples: opt-in only."""
    assert _wp105(MANY, DEFAULT) == []
    assert _wp105(MANY, BY_CODE) == [13, 13, 13]


def test_few_samples_message_gives_the_count():
    src = MANY.replace("range(n)", "range(4)").replace("range(11)", "range(10)")
    diags, _ = check_source(src, "t.py", DEFAULT)
    msgs = sorted(d.message for d in diags if d.code == "WP105")
    assert len(msgs) == 2 and "a mean of 4 samples" in msgs[0] + msgs[1] and "a mean of 10 samples" in msgs[0] + msgs[1]


CONFIG_MANY = """import time
from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class RunConfig:
    repeats: int = 50


def time_model(model, x, cfg: RunConfig, settings, n, m):
    times = []
    for _ in range(cfg.repeats):
        t0 = time.perf_counter()
        model(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    loop_ms = []
    for _ in range(settings.get("loops", 100)):
        t0 = time.perf_counter()
        model(x)
        torch.cuda.synchronize()
        loop_ms.append(time.perf_counter() - t0)
    few = []
    for _ in range(min(n, m)):
        t0 = time.perf_counter()
        model(x)
        torch.cuda.synchronize()
        few.append(time.perf_counter() - t0)
    spread = []
    for _ in range(min(4, n)):
        t0 = time.perf_counter()
        model(x)
        torch.cuda.synchronize()
        spread.append(time.perf_counter() - t0)
    print(np.mean(times), np.mean(loop_ms), np.mean(few), np.mean(spread), np.std(spread))
"""


def test_config_counts_bounded_by_the_file_are_default_and_large_or_unknown_ones_opt_in():
    """Twenty-first session (meanidioms): a config class's field default, a config dict's `.get` default and
    `range(min(6, len(views)))` count (mean_config_counts_bad.py, and the helper shapes of mean_helper_samples_bad.py,
    by default); a field of 50, a `.get` default of 100, `min(n, m)` of unknown values stay opt-in, and a few samples
    whose spread is printed are not reported at all."""
    for name in ("mean_config_counts_bad.py", "mean_helper_samples_bad.py"):
        path = HERE / name
        want = sorted(line for _, line, code in expected(path) if code == "WP105")
        assert sorted(set(_wp105(path.read_text(), DEFAULT))) == want, name
    assert _wp105(CONFIG_MANY, DEFAULT) == []
    assert _wp105(CONFIG_MANY, BY_CODE) == [38, 38, 38]
