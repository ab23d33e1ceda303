"""Accuracy of `wprof.bench` against ncu and a synchronized wall, on one GPU, in one run (issue 11's suite).

    PYTHONPATH=src python3 benchmarks/accuracy.py --out DIR          # the whole suite (~5 min on an H200)
    PYTHONPATH=src python3 benchmarks/accuracy.py --out DIR --only add_1k,mm_side_stream
    python3 benchmarks/accuracy.py --render DIR/accuracy.json --docs docs/accuracy.md   # fill the docs table

For each callable of benchmarks/accuracy_cases.py: wprof's default result (`wprof.bench(fn)`, no flags), in-process;
an independent synchronized wall (`sync; t0; N calls; sync; t1` over >= 100 ms, median of 3 spans); and ncu's
`gpu__time_duration.sum` summed over one call's kernels (median over calls) with `--clock-control none
--cache-control none`, all callables in ONE ncu subprocess running this file as a driver (`--driver`), a marker
kernel between callables. For our own kernels (`full`) also `cache="cold"` against ncu `--cache-control all`,
triton's do_bench and torch's Timer. The reference is ncu, or the wall for work ncu cannot see (copies, host time).
Verdict per callable: `ok` (within max(3%, 0.6 µs)), `explained` (off, but the result carries the measured reason and
a number of its own that lands within the target: one call on its own, the kernel sum, a cool call), `reason` (off by
more, with the cause in the result but no number that lands), `off` (no reason: a failure of the suite). Writes
accuracy.json (after every callable: a partial run keeps what it measured) and accuracy.md under --out.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from typing import Any

HERE = os.path.abspath(__file__)
sys.path.insert(0, os.path.dirname(HERE))
from accuracy_cases import CASES  # noqa: E402

TOL_REL, TOL_MS = 0.03, 0.0006
BEGIN, END = "<!-- accuracy:begin -->", "<!-- accuracy:end -->"
MARKER = "spin_kernel"


def _missing(needs: str | None) -> str | None:
    if needs is None:
        return None
    import importlib.util

    return None if importlib.util.find_spec(needs) is not None else f"{needs} is not installed"


def _cleanup(fn: Any) -> None:
    c = getattr(fn, "cleanup", None)
    if c is not None:
        c()


# ----------------------------------------------------------------------------------------------------- ncu
def driver(names: list[str], calls_default: int | None) -> int:
    """Run inside ncu: per callable, build, warm, then a marker kernel and its calls between start/stop."""
    import torch

    for name in names:
        case = CASES[name]
        calls = calls_default or case.ncu_calls
        fn = None
        try:
            if _missing(case.needs) is None:
                fn = case.factory(torch)
                for _ in range(3):
                    fn()
        except Exception as exc:
            print(f"driver: {name} failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            fn = None
        torch.cuda.synchronize()
        torch.cuda.profiler.start()
        torch.cuda._sleep(1)  # the marker: one spin_kernel before each callable's calls
        if fn is not None:
            for _ in range(calls):
                fn()
        torch.cuda.synchronize()
        torch.cuda.profiler.stop()
        if fn is not None:
            _cleanup(fn)
        del fn
    return 0


def find_ncu() -> str | None:
    hit = shutil.which("ncu")
    if hit:
        return hit
    for pat in ("/opt/nvidia/nsight-compute/*/ncu", "/usr/local/cuda*/bin/ncu", "/usr/local/cuda*/nsight-compute*/ncu"):
        found = sorted(glob.glob(pat))
        if found:
            return found[-1]
    return None


def _launches(text: str) -> list[tuple[str, float]]:
    from wprof.profilers.ncu import parse_csv

    return [(str(k.name), k.duration_ms) for k in parse_csv(text)]


def split_segments(launches: list[tuple[str, float]], names: list[str]) -> dict[str, list[tuple[str, float]]]:
    """The launches of each callable: the marker kernel starts each one's segment, in order."""
    out: dict[str, list[tuple[str, float]]] = {}
    i = -1
    for kname, ms in launches:
        if MARKER in kname:
            i += 1
            if i < len(names):
                out[names[i]] = []
            continue
        if 0 <= i < len(names):
            out[names[i]].append((kname, ms))
    return out


def run_ncu(ncu: str, names: list[str], cache: str, timeout_s: float) -> dict[str, Any]:
    cmd = [ncu, "--profile-from-start", "off", "--clock-control", "none", "--cache-control", cache, "--metrics",
           "gpu__time_duration.sum", "--csv", "--print-units", "base", "--page", "details",
           sys.executable, HERE, "--driver", ",".join(names)]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return {n: {"error": f"ncu timed out after {timeout_s:.0f} s"} for n in names}
    wall = time.perf_counter() - t0
    try:
        launches = _launches(p.stdout)
    except Exception as exc:
        return {n: {"error": f"ncu output unreadable: {exc}"} for n in names}
    segs = split_segments(launches, names)
    out: dict[str, Any] = {}
    for n in names:
        calls = CASES[n].ncu_calls
        seg = segs.get(n)
        if seg is None:
            tail = (p.stderr or p.stdout).strip().splitlines()[-1:]
            out[n] = {"error": f"no marker for this callable (ncu exited {p.returncode}: {tail})"}
            continue
        per = len(seg) / calls
        d = {"cache_control": cache, "launches": len(seg), "kernels_per_call": per, "calls": calls,
             "wall_s": wall, "kernel_names": _uniq(k for k, _ in seg)}
        d["per_call_ms"] = sum(ms for _, ms in seg) / calls if seg else None
        k = len(seg) // calls if seg and len(seg) % calls == 0 else 0
        d["calls_ms"] = [sum(ms for _, ms in seg[i * k:(i + 1) * k]) for i in range(calls)] if k else []
        if not seg:
            d["note"] = "ncu saw no kernel (copies and host work are not kernels)"
        out[n] = d
    return out


def _uniq(names: Any, most: int = 6) -> list[str]:
    out: list[str] = []
    for n in names:
        n = str(n)[:160]
        if n not in out:
            out.append(n)
    return out[:most]


# ----------------------------------------------------------------------------------------------------- in-process
def wall_reference(torch: Any, fn: Any, span_s: float = 0.1, spans: int = 3) -> dict[str, Any]:
    """Independent of wprof: N calls between two device synchronizes on the host clock, over >= span_s."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    fn()
    torch.cuda.synchronize()
    one = max(time.perf_counter() - t0, 1e-6)
    n = max(3, min(20000, int(span_s / one)))
    per = []
    for _ in range(spans):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        torch.cuda.synchronize()
        per.append((time.perf_counter() - t0) / n * 1e3)
    return {"per_call_ms": statistics.median(per), "spans_ms": per, "calls": n}


def _kernel_names(torch: Any, fn: Any) -> list[str]:
    try:
        from torch.profiler import ProfilerActivity, profile

        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(2):
                fn()
            torch.cuda.synchronize()
        cuda = getattr(torch.autograd, "DeviceType", None)
        evs = [e for e in prof.events() if cuda is None or getattr(e, "device_type", None) == cuda.CUDA]
        return _uniq(e.name for e in evs)
    except Exception as exc:
        return [f"(torch.profiler failed: {type(exc).__name__}: {str(exc)[:80]})"]


def _ci_rel(samples_ms: list[float]) -> float | None:
    try:
        from wprof.stats import summarize

        return summarize(list(samples_ms)).ci95_rel_halfwidth
    except Exception:
        return None


def measure(name: str, budget_s: float) -> dict[str, Any]:
    import torch

    import wprof

    case = CASES[name]
    fn = case.factory(torch)
    row: dict[str, Any] = {}
    try:
        before = wall_reference(torch, fn)  # before and after wprof: host speed drifts on a shared machine
        t0 = time.perf_counter()
        r = wprof.bench(fn, name=name, budget_s=budget_s)
        row["wprof_s"] = time.perf_counter() - t0
        row["wprof_first_call_s"] = r.warmup.first_call_ms / 1e3
        row["wprof"] = brief(r)
        row["wprof_result"] = r.to_dict()
        after = wall_reference(torch, fn)
        spans = before["spans_ms"] + after["spans_ms"]
        row["wall_ref"] = {"per_call_ms": statistics.median(spans), "spans_ms": spans,
                           "calls": [before["calls"], after["calls"]], "before_ms": before["per_call_ms"],
                           "after_ms": after["per_call_ms"]}
        if case.full:
            t0 = time.perf_counter()
            r2 = wprof.bench(fn, name=name, budget_s=budget_s)
            row["wprof_again_s"] = time.perf_counter() - t0
            row["wprof_again"] = brief(r2)
            row["wprof_cold"] = brief(wprof.bench(fn, name=name, budget_s=budget_s, cache="cold"))
            _others(row, fn)
            row["kernels_in_process"] = _kernel_names(torch, fn)
    finally:
        _cleanup(fn)
        del fn
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
    return row


def _others(row: dict[str, Any], fn: Any) -> None:
    try:
        import triton.testing as tt

        t0 = time.perf_counter()
        times = [float(x) for x in tt.do_bench(fn, return_mode="all")]
        row["do_bench_s"] = time.perf_counter() - t0
        row["do_bench_ms"] = statistics.median(times)
        row["do_bench_n"] = len(times)
        row["do_bench_ci95_rel"] = _ci_rel(times)
    except Exception as exc:
        row["do_bench_error"] = f"{type(exc).__name__}: {exc}"[:200]
    try:
        from torch.utils.benchmark import Timer

        row["timer_ms"] = Timer(stmt="fn()", globals={"fn": fn}).blocked_autorange(min_run_time=0.2).median * 1e3
    except Exception as exc:
        row["timer_error"] = f"{type(exc).__name__}: {exc}"[:200]


def brief(r: Any) -> dict[str, Any]:
    x = r.extra
    tel = x.get("telemetry") or {}
    sm = (tel.get("metrics") or {}).get("sm_clock_mhz") or {}
    xc = x.get("crosscheck") or {}
    kb = x.get("kernels") or {}
    pw = x.get("power") or {}
    return {"median_ms": r.summary.median, "clock": r.clock, "method": r.mode, "calls_per_sample": r.calls_per_sample,
            "headline": x.get("headline"), "eager_ms": x.get("eager_ms"), "device_ms": x.get("device_ms"),
            "isolated_ms": x.get("isolated_ms"), "n": r.summary.n, "ci95_rel": r.summary.ci95_rel_halfwidth,
            "stop_reason": r.stop_reason, "warnings": [w.code for w in r.warnings],
            "messages": {w.code: w.message for w in r.warnings}, "notices": x.get("notices", []),
            "total_s": x.get("total_s"), "first_call_ms": r.warmup.first_call_ms, "drift": x.get("drift"),
            "decision": (x.get("decision") or {}).get("reason"),
            "sm_clock_mhz": [sm.get("min"), sm.get("max")] if sm else None,
            "power_max_w": ((tel.get("metrics") or {}).get("power_w") or {}).get("max"),
            "crosscheck": {k: xc.get(k) for k in ("agree", "cause", "headline", "sentence", "wall_ms", "wall_host_ms",
                                                  "headline_before_ms", "method_before", "cost_s")},
            "kernels": {k: kb.get(k) for k in ("available", "reason", "ops_per_call", "sum_ms", "kernel_sum_ms",
                                               "busy_ms",
                                               "other_stream_ms", "syncs_per_call", "profile_s")},
            "kernel_rows": (kb.get("rows") or [])[:6],
            "power": {k: pw.get(k) for k in ("cool_ms", "sustained_over_cool", "sentence", "measured_cause",
                                             "sm_clock_mhz", "power_max_w")} if pw else None}


# ----------------------------------------------------------------------------------------------------- power probe
def probe_power(name: str = "mm_bf16_8192", seconds: float = 2.0) -> dict[str, Any]:
    """Why a big GEMM reads above ncu: per-call events over a sustained run beside NVML readings every 10 ms,
    in time buckets; then one call at a time after the GPU idled."""
    import torch

    from wprof.monitor import Monitor

    fn = CASES[name].factory(torch)
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    time.sleep(1.0)
    n = 1200
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    mon = Monitor(device=0, interval_s=0.01)
    mon.start()
    t0 = time.perf_counter_ns()
    k = 0
    host_t = []
    while k < n and (time.perf_counter_ns() - t0) / 1e9 < seconds:
        starts[k].record()
        fn()
        ends[k].record()
        host_t.append(time.perf_counter_ns())
        k += 1
        if k % 64 == 0:
            ends[k - 32].synchronize()  # keep the queue short so host stamps track the GPU
    torch.cuda.synchronize()
    summ = mon.stop()
    ms = [starts[i].elapsed_time(ends[i]) for i in range(k)]
    got = getattr(mon, "samples", [])
    samples = list(got() if callable(got) else got)
    buckets = []
    nb = 8
    for b in range(nb):
        lo, hi = b * k // nb, (b + 1) * k // nb
        if hi <= lo:
            continue
        t_lo, t_hi = host_t[lo], host_t[hi - 1]
        ss = [s for s in samples if t_lo <= s.t_ns <= t_hi]
        sm = [s.sm_clock_mhz for s in ss if s.sm_clock_mhz]
        pw = [s.power_w for s in ss if s.power_w]
        buckets.append({"calls": [lo, hi], "median_ms": statistics.median(ms[lo:hi]),
                        "sm_clock_mhz": statistics.mean(sm) if sm else None,
                        "sm_clock_min_mhz": min(sm) if sm else None,
                        "power_w": statistics.mean(pw) if pw else None, "power_max_w": max(pw) if pw else None,
                        "throttled": sum(1 for s in ss if s.throttled), "readings": len(ss),
                        "reasons": sorted({r for s in ss for r in s.reasons})})
    cool = []
    for _ in range(8):
        time.sleep(0.05)
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        torch.cuda._sleep(100_000)
        a.record()
        fn()
        b.record()
        torch.cuda.synchronize()
        cool.append(a.elapsed_time(b))
    del fn
    torch.cuda.empty_cache()
    return {"name": name, "calls": k, "sustained_median_ms": statistics.median(ms), "first_10_ms": ms[:10],
            "buckets": buckets, "cool_after_idle_ms": cool, "cool_median_ms": statistics.median(cool),
            "power_source": getattr(getattr(summ, "device", None), "power_source", None),
            "power_limit_w": getattr(getattr(summ, "device", None), "power_limit_w", None),
            "max_sm_clock_mhz": getattr(getattr(summ, "device", None), "max_sm_clock_mhz", None)}


# ----------------------------------------------------------------------------------------------------- judging
def _within(ms: float | None, ref: float | None) -> bool:
    return ms is not None and ref is not None and abs(ms - ref) <= max(TOL_REL * ref, TOL_MS)


def reference(row: dict[str, Any], case: Any) -> tuple[float | None, str]:
    ncu = row.get("ncu_warm") or {}
    if case.ref == "ncu" and ncu.get("per_call_ms"):
        return ncu["per_call_ms"], "ncu"
    wr = (row.get("wall_ref") or {}).get("per_call_ms")
    why = "wall" if case.ref == "wall" else f"wall ({ncu.get('note') or ncu.get('error') or 'no ncu number'})"
    return wr, why


def judge(w: dict[str, Any] | None, ref: float | None, ref_kind: str) -> tuple[str, str]:
    """(verdict, reason) for wprof's headline against the reference. The reason is built only from what the
    result itself measured; a number of its own that lands within the target makes the row ``explained``."""
    if not w:
        return "n/a", "no wprof result"
    if ref is None:
        return "n/a", "no reference"
    if _within(w["median_ms"], ref):
        return "ok", ""
    xc, kb, pw = w.get("crosscheck") or {}, w.get("kernels") or {}, w.get("power") or {}
    cands = []
    if w.get("isolated_ms") is not None:
        cands.append(("one call on its own", w["isolated_ms"]))
    if kb.get("kernel_sum_ms") and ref_kind == "ncu":
        cands.append((f"kernel sum ({kb.get('ops_per_call', 0):.3g}/call, profiler)", kb["kernel_sum_ms"]))
    if pw and pw.get("cool_ms"):
        cands.append(("one call after idle", pw["cool_ms"]))
    said = []
    codes = set(w.get("warnings") or [])
    if xc.get("cause"):
        said.append(f"cross-check: {xc['cause']}")
    for code in ("near-floor", "launch-bound", "power-limit", "sustained-vs-cool", "throttled", "pair-cost"):
        if code in codes:
            said.append(code)
    if (kb.get("ops_per_call") or 0) > 1:
        said.append(f"{kb['ops_per_call']:.3g} kernels/copies per call")
    hits = [f"{lbl} {_us(v)} within target" for lbl, v in cands if _within(v, ref)]
    if hits and said:
        return "explained", "; ".join(said) + "; " + "; ".join(hits)
    if said:
        near = ", ".join(f"{lbl} {_us(v)}" for lbl, v in cands)
        return "reason", "; ".join(said) + (f" ({near})" if near else "")
    return "off", "unexplained"


# ----------------------------------------------------------------------------------------------------- output
def _us(ms: Any) -> str:
    return "–" if ms is None else f"{ms * 1e3:.2f}"


def _pct(x: Any) -> str:
    return "–" if x is None else f"±{x:.2%}"


def _s(x: Any) -> str:
    return "–" if x is None else f"{x:.2f}"


def _rel(a: Any, b: Any) -> str:
    return "–" if a is None or not b else f"{a / b - 1:+.1%}"


def render(doc: dict[str, Any]) -> str:
    e = doc.get("env", {})
    lines = [f"Measured {doc.get('date')} on {e.get('gpu')} (driver {e.get('driver')}), torch {e.get('torch')}, "
             f"CUDA {e.get('cuda')}, triton {e.get('triton')}, cupy {e.get('cupy')}, ncu {e.get('ncu')}; "
             f"wprof {e.get('wprof')} at commit {e.get('commit')}. Times in µs per call (median). *ref*: ncu's "
             "kernel sum per call (`--cache-control none --clock-control none`), or the synchronized wall over "
             ">= 100 ms where ncu cannot see the work. *before*: the device method's number before the cross-check.",
             "", "| callable | ref | ref spread | wprof headline | clock, method | vs ref | before "
             "| wall (cross-check) | kernels/call, "
             "sum | one call | cool call | verdict | reason (measured, from the result) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    counts: dict[str, int] = {}
    for name, row in doc["kernels"].items():
        if row.get("skipped"):
            lines.append(f"| {row['desc']} | skipped: {row['skipped']} |" + " |" * 11)
            continue
        w = row.get("wprof") or {}
        xc, kb, pw = w.get("crosscheck") or {}, w.get("kernels") or {}, w.get("power") or {}
        ref, kind = row.get("ref_ms"), row.get("ref_kind", "")
        method = f"{w.get('clock')}, {w.get('method')}" + (f" ×{w['calls_per_sample']}"
                                                          if (w.get("calls_per_sample") or 1) > 1 else "")
        kcol = "–" if not kb.get("available") else f"{kb.get('ops_per_call', 0):.3g}, {_us(kb.get('sum_ms'))}"
        v = row.get("verdict", "n/a")
        counts[v] = counts.get(v, 0) + 1
        lines.append(f"| {row['desc']} | {_us(ref)} ({kind}) | {_spread(row, kind)} | **{_us(w.get('median_ms'))}** "
                     f"| {method} | {_rel(w.get('median_ms'), ref)} | {_us(xc.get('headline_before_ms'))} "
                     f"| {_us(xc.get('wall_ms'))} | {kcol} | {_us(w.get('isolated_ms'))} | {_us(pw.get('cool_ms'))} "
                     f"| {v} | {row.get('reason', '')} |")
    total = sum(counts.get(k, 0) for k in ("ok", "explained", "reason", "off"))
    lines += ["", f"{total} callables judged: {counts.get('ok', 0)} within max(3%, 0.6 µs) of their reference, "
              f"{counts.get('explained', 0)} off with a measured reason whose own number lands within it, "
              f"{counts.get('reason', 0)} off with the cause carried, {counts.get('off', 0)} off with no reason. "
              f"Suite wall time {doc.get('wall_s', 0):.0f} s.", ""]
    sentences = [(row["desc"], (row.get("wprof") or {}).get("crosscheck", {}).get("sentence"))
                 for row in doc["kernels"].values() if not row.get("skipped")]
    sentences = [(d, s) for d, s in sentences if s and not s.startswith("cross-checked")]
    if sentences:
        lines += ["What the headline said where the cross-check replaced the device method's number:", ""]
        lines += [f"- *{d}*: {s}." for d, s in sentences]
        lines.append("")
    full = [(n, r) for n, r in doc["kernels"].items() if not r.get("skipped") and r.get("wprof_cold")]
    if full:
        lines += ["Our own kernels, cold L2 and other tools (µs; ncu cold: `--cache-control all`; wprof s: wall time "
                  "of `wprof.bench(fn)` less its first call; CI: 95% CI half-width of the median).", "",
                  "| kernel | ncu cold | wprof cold | one call (cold) | do_bench | Timer | wprof s | wprof CI "
                  "| again s "
                  "| do_bench s | do_bench CI |", "|---|---|---|---|---|---|---|---|---|---|---|"]
        for _, row in full:
            wc, w = row.get("wprof_cold") or {}, row.get("wprof") or {}
            first = row.get("wprof_first_call_s") or 0.0
            lines.append(f"| {row['desc']} | {_us((row.get('ncu_cold') or {}).get('per_call_ms'))} "
                         f"| {_us(wc.get('median_ms'))} | {_us(wc.get('isolated_ms'))} | {_us(row.get('do_bench_ms'))} "
                         f"| {_us(row.get('timer_ms'))} | {_s((row.get('wprof_s') or 0) - first)} "
                         f"| {_pct(w.get('ci95_rel'))} | {_s(row.get('wprof_again_s'))} | {_s(row.get('do_bench_s'))} "
                         f"| {_pct(row.get('do_bench_ci95_rel'))} |")
        lines.append("")
    pp = doc.get("power_probe")
    if pp and not pp.get("error"):
        lines += [f"Power probe, {pp['name']}: {pp['calls']} calls back to back with an event pair each, NVML every "
                  f"10 ms (power: {pp.get('power_source')}, limit {pp.get('power_limit_w')} W, max SM clock "
                  f"{pp.get('max_sm_clock_mhz')} MHz); then 8 calls each after 50 ms idle: median "
                  f"{_us(pp.get('cool_median_ms'))} µs.", "",
                  "| calls | median µs | SM clock MHz (mean / min) | power W (mean / max) | throttled readings | "
                  "reasons |", "|---|---|---|---|---|---|"]
        for b in pp["buckets"]:
            lines.append(f"| {b['calls'][0]}-{b['calls'][1]} | {_us(b['median_ms'])} | {_n(b['sm_clock_mhz'])} / "
                         f"{_n(b['sm_clock_min_mhz'])} | {_n(b['power_w'])} / {_n(b['power_max_w'])} | "
                         f"{b['throttled']} of {b['readings']} | {', '.join(b['reasons']) or '–'} |")
        lines.append("")
    return "\n".join(lines) + "\n"


def _spread(row: dict[str, Any], kind: str) -> str:
    """The reference's own span-to-span range (wall) or call-to-call range (ncu), relative to its median."""
    if kind == "ncu":
        xs = (row.get("ncu_warm") or {}).get("calls_ms") or []
    else:
        xs = (row.get("wall_ref") or {}).get("spans_ms") or []
    if len(xs) < 2:
        return "–"
    m = statistics.median(xs)
    return f"{min(xs) / m - 1:+.1%} / {max(xs) / m - 1:+.1%}" if m else "–"


def _n(x: Any) -> str:
    return "–" if x is None else f"{x:.0f}"


def _env() -> dict[str, Any]:
    import torch

    import wprof

    out: dict[str, Any] = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__,
                           "cuda": torch.version.cuda, "wprof": wprof.__version__}
    for mod in ("triton", "cupy"):
        try:
            out[mod] = __import__(mod).__version__
        except Exception:
            out[mod] = None
    try:
        out["driver"] = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                       capture_output=True, text=True, timeout=20).stdout.strip().splitlines()[0]
    except Exception:
        out["driver"] = None
    out["commit"] = os.environ.get("WPROF_COMMIT")
    return out


def _save(doc: dict[str, Any], out: str) -> None:
    os.makedirs(out, exist_ok=True)
    tmp = os.path.join(out, "accuracy.json.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, default=str)
    os.replace(tmp, os.path.join(out, "accuracy.json"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.environ.get("OUT", "."), help="directory for accuracy.json / accuracy.md")
    ap.add_argument("--only", default=None, help="comma-separated callable names")
    ap.add_argument("--budget-s", type=float, default=1.0, help="wprof's time budget per result (default 1)")
    ap.add_argument("--deadline-s", type=float, default=420.0, help="skip what remains after this many s")
    ap.add_argument("--no-ncu", action="store_true", help="skip the ncu references")
    ap.add_argument("--no-probe", action="store_true", help="skip the power probe")
    ap.add_argument("--driver", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--calls", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--render", metavar="JSON", default=None, help="print the markdown table of a saved run")
    ap.add_argument("--docs", metavar="MD", default=None, help="with --render: write the table into this page")
    a = ap.parse_args(argv)
    if a.driver:
        return driver(a.driver.split(","), a.calls)
    if a.render:
        with open(a.render, encoding="utf-8") as f:
            md = render(json.load(f))
        if a.docs:
            with open(a.docs, encoding="utf-8") as f:
                page = f.read()
            head, _, rest = page.partition(BEGIN)
            _, _, tail = rest.partition(END)
            with open(a.docs, "w", encoding="utf-8") as f:
                f.write(f"{head}{BEGIN}\n{md}{END}{tail}")
            print(f"updated {a.docs}")
        else:
            print(md, end="")
        return 0

    t_start = time.perf_counter()
    names = a.only.split(",") if a.only else list(CASES)
    doc: dict[str, Any] = {"schema": "wprof.accuracy/2", "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                           "env": _env(), "kernels": {}}
    ncu = None if a.no_ncu else find_ncu()
    if ncu:
        try:
            doc["env"]["ncu"] = subprocess.run([ncu, "--version"], capture_output=True, text=True,
                                               timeout=30).stdout.strip().splitlines()[-1]
        except Exception:
            doc["env"]["ncu"] = ncu
    for name in names:
        case = CASES[name]
        row: dict[str, Any] = {"desc": case.desc, "adversarial": case.adversarial}
        doc["kernels"][name] = row
        miss = _missing(case.needs)
        if miss or time.perf_counter() - t_start > a.deadline_s * 0.55:
            row["skipped"] = miss or "suite deadline"
            print(f"{name}: skipped ({row['skipped']})", flush=True)
            continue
        try:
            row.update(measure(name, a.budget_s))
        except Exception as exc:
            row["skipped"] = f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:160] if str(exc) else ''}"
            print(f"{name}: failed in-process: {row['skipped']}", flush=True)
            continue
        w = row["wprof"]
        print(f"{name}: wprof {w['median_ms'] * 1e3:.2f} us ({w['clock']}, {w['method']}) cross-check "
              f"{w['crosscheck'].get('cause')} wall {_us(w['crosscheck'].get('wall_ms'))} ref-wall "
              f"{_us(row['wall_ref']['per_call_ms'])} kernels {w['kernels'].get('ops_per_call')} "
              f"sum {_us(w['kernels'].get('sum_ms'))}", flush=True)
        _save(doc, a.out)
    if not a.no_probe and "mm_bf16_8192" in names and time.perf_counter() - t_start < a.deadline_s * 0.6:
        try:
            doc["power_probe"] = probe_power()
        except Exception as exc:
            doc["power_probe"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
        _save(doc, a.out)
    measured = [n for n in names if not doc["kernels"][n].get("skipped")]
    if ncu and measured:
        left = a.deadline_s - (time.perf_counter() - t_start)
        warm = run_ncu(ncu, measured, "none", timeout_s=max(30.0, left * 0.65))
        for n in measured:
            doc["kernels"][n]["ncu_warm"] = warm.get(n)
        _save(doc, a.out)
        full = [n for n in measured if CASES[n].full]
        left = a.deadline_s - (time.perf_counter() - t_start)
        if full and left > 40:
            cold = run_ncu(ncu, full, "all", timeout_s=left - 10)
            for n in full:
                doc["kernels"][n]["ncu_cold"] = cold.get(n)
    for n in measured:
        row = doc["kernels"][n]
        ref, kind = reference(row, CASES[n])
        row["ref_ms"], row["ref_kind"] = ref, kind
        row["verdict"], row["reason"] = judge(row.get("wprof"), ref, kind)
        print(f"{n}: ref {_us(ref)} ({kind}) wprof {_us(row['wprof']['median_ms'])} -> {row['verdict']} "
              f"{row['reason']}", flush=True)
    doc["wall_s"] = time.perf_counter() - t_start
    _save(doc, a.out)
    md = render(doc)
    with open(os.path.join(a.out, "accuracy.md"), "w", encoding="utf-8") as f:
        f.write(md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
