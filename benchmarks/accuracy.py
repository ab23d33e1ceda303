"""Accuracy of `wprof.bench` against ncu, triton's do_bench and torch's Timer, on one GPU, in one run.

    PYTHONPATH=src python3 benchmarks/accuracy.py --out DIR          # the whole suite (~5 min on an H200)
    PYTHONPATH=src python3 benchmarks/accuracy.py --out DIR --only add_1k,mm_bf16_4096
    python3 benchmarks/accuracy.py --render DIR/accuracy.json --docs docs/accuracy.md   # fill the docs table

For each kernel: wprof's default result (warm L2) and `cache="cold"`, in-process; `triton.testing.do_bench` and
`torch.utils.benchmark.Timer.blocked_autorange`, in-process; and ncu's `gpu__time_duration.sum` (sum over the
kernels of one call, median over calls) with `--clock-control none` and `--cache-control none` (warm) / `all`
(cold), each in its own subprocess running this file as a small driver (`--driver NAME`). wprof is compared with ncu
in the same cache state; the target is max(3%, 0.6 µs), or a result that carries the measured reason it differs.
Kernels whose package (triton, cupy, cutlass) is missing are skipped with the reason. Writes accuracy.json and
accuracy.md under --out.
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
NCU_CALLS = 7
TOL_REL, TOL_MS = 0.03, 0.0006
BEGIN, END = "<!-- accuracy:begin -->", "<!-- accuracy:end -->"


# ----------------------------------------------------------------------------------------------------- kernels
def k_add_1k(torch):
    a, b = torch.randn(1024, device="cuda"), torch.randn(1024, device="cuda")
    out = torch.empty_like(a)
    return lambda: torch.add(a, b, out=out)


def k_add_64mb(torch):
    a, b = torch.randn(1 << 24, device="cuda"), torch.randn(1 << 24, device="cuda")
    out = torch.empty_like(a)
    return lambda: torch.add(a, b, out=out)


def k_mm_bf16_4096(torch):
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    return lambda: torch.mm(a, b)


def k_copy_1gb(torch):
    src = torch.randn(1 << 28, device="cuda")
    dst = torch.empty_like(src)
    return lambda: dst.copy_(src)


def k_softmax_4096(torch):
    x = torch.randn(4096, 4096, device="cuda")
    return lambda: torch.softmax(x, dim=-1)


def _conv(torch, benchmark: bool):
    # cudnn.benchmark=True picks the algorithm by timing it on the first call, in each process separately: the ncu
    # driver (its own process, under ncu's injection) can pick another kernel than the in-process run. The default
    # variant uses cuDNN's heuristics (benchmark=False), the same choice in every process; the kernel names seen
    # in-process (torch.profiler) and by ncu are recorded for both variants (row "kernels").
    x = torch.randn(32, 128, 56, 56, device="cuda", dtype=torch.bfloat16).to(memory_format=torch.channels_last)
    w = torch.randn(128, 128, 3, 3, device="cuda", dtype=torch.bfloat16).to(memory_format=torch.channels_last)
    torch.backends.cudnn.benchmark = benchmark
    return lambda: torch.nn.functional.conv2d(x, w, padding=1)  # the output is allocated inside the call


def k_conv2d_bf16(torch):
    return _conv(torch, False)


def k_conv2d_bf16_cudnn_benchmark(torch):
    return _conv(torch, True)


def k_triton_add_16m(torch):
    import triton
    import triton.language as tl

    from wprof.benchmark.adapters import triton_kernel

    @triton.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)

    n = 1 << 24
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    return triton_kernel(add_kernel, (triton.cdiv(n, 1024),), x, y, out, n, BLOCK=1024)


def k_cupy_saxpy_4m(torch):
    import cupy

    from wprof.benchmark.adapters import cupy_kernel

    kern = cupy.RawKernel(r"""
    extern "C" __global__ void saxpy(const float a, const float* x, const float* y, float* out, const int n) {
        int i = blockDim.x * blockIdx.x + threadIdx.x;
        if (i < n) out[i] = a * x[i] + y[i];
    }""", "saxpy")
    n = 1 << 22
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    fn = cupy_kernel(kern, ((n + 255) // 256,), (256,),
                     (cupy.float32(2.0), x.data_ptr(), y.data_ptr(), out.data_ptr(), cupy.int32(n)))
    fn.keep = (x, y, out)
    return fn


def k_compiled_gelu_8m(torch):
    from wprof.benchmark.adapters import compiled

    x = torch.randn(1 << 23, device="cuda")

    def f(t):
        return torch.nn.functional.gelu(t) * 2.0 + 1.0

    fn, _ = compiled(f, x)
    return fn


def k_cute_add_16m(torch):
    import cuda.bindings.driver as cuda
    import cutlass.cute as cute
    from cutlass.cute.runtime import from_dlpack

    from wprof.benchmark.adapters import TORCH_STREAM, cute_kernel

    @cute.kernel
    def add_kernel(gA: cute.Tensor, gB: cute.Tensor, gC: cute.Tensor):
        tidx, _, _ = cute.arch.thread_idx()
        bidx, _, _ = cute.arch.block_idx()
        bdim, _, _ = cute.arch.block_dim()
        i = bidx * bdim + tidx
        if i < cute.size(gA):
            gC[i] = gA[i] + gB[i]

    @cute.jit
    def add(mA: cute.Tensor, mB: cute.Tensor, mC: cute.Tensor, stream: cuda.CUstream):
        add_kernel(mA, mB, mC).launch(grid=((cute.size(mA) + 255) // 256, 1, 1), block=(256, 1, 1), stream=stream)

    n = 1 << 24
    a, b, c = (torch.randn(n, device="cuda") for _ in range(3))
    ta, tb, tc = (from_dlpack(t, assumed_align=16) for t in (a, b, c))
    compiled = cute.compile(add, ta, tb, tc, cuda.CUstream(torch.cuda.current_stream().cuda_stream))
    fn = cute_kernel(compiled, ta, tb, tc, TORCH_STREAM)
    fn.keep = (a, b, c)
    return fn


# name -> (factory, needs, description); the first four are BASELINES.md's
KERNELS: dict[str, tuple[Any, str | None, str]] = {
    "add_1k": (k_add_1k, None, "torch.add, 1024 fp32"),
    "add_64mb": (k_add_64mb, None, "torch.add, 16 Mi fp32 (64 MB)"),
    "mm_bf16_4096": (k_mm_bf16_4096, None, "torch.mm, bf16 4096³"),
    "copy_1gb": (k_copy_1gb, None, "copy_, 1 GB fp32 (memcpy)"),
    "softmax_4096": (k_softmax_4096, None, "torch.softmax, 4096×4096 fp32"),
    "conv2d_bf16": (k_conv2d_bf16, None, "conv2d 3×3, 32×128×56×56 bf16 NHWC (cuDNN heuristics)"),
    "conv2d_bf16_cudnn_benchmark": (k_conv2d_bf16_cudnn_benchmark, None,
                                    "conv2d 3×3, 32×128×56×56 bf16 NHWC (cudnn.benchmark=True)"),
    "triton_add_16m": (k_triton_add_16m, "triton", "Triton add kernel, 16 Mi fp32"),
    "cupy_saxpy_4m": (k_cupy_saxpy_4m, "cupy", "CuPy RawKernel saxpy, 4 Mi fp32"),
    "compiled_gelu_8m": (k_compiled_gelu_8m, "triton", "torch.compile'd gelu*2+1, 8 Mi fp32"),
    "cute_add_16m": (k_cute_add_16m, "cutlass", "CuTe DSL add kernel (cute.compile), 16 Mi fp32"),
}


def _missing(needs: str | None) -> str | None:
    if needs is None:
        return None
    import importlib.util

    return None if importlib.util.find_spec(needs) is not None else f"{needs} is not installed"


# ----------------------------------------------------------------------------------------------------- ncu
def driver(name: str, calls: int) -> int:
    """Run inside ncu: build the kernel, warm it, then `calls` calls between cudaProfilerStart/Stop."""
    import torch

    fn = KERNELS[name][0](torch)
    for _ in range(5):
        fn()
    torch.cuda.synchronize()
    torch.cuda.profiler.start()
    for _ in range(calls):
        fn()
    torch.cuda.synchronize()
    torch.cuda.profiler.stop()
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


def _names(text: str) -> list[str]:
    try:
        from wprof.profilers.ncu import parse_csv

        return _uniq(k.name for k in parse_csv(text))
    except Exception:
        return []


def _uniq(names: Any, most: int = 6) -> list[str]:
    out: list[str] = []
    for n in names:
        n = str(n)[:160]
        if n not in out:
            out.append(n)
    return out[:most]


def _parse(text: str) -> list[float]:
    try:
        from wprof.profilers.ncu import parse_csv

        return [k.duration_ms for k in parse_csv(text)]
    except Exception:
        import csv
        import io

        lines = [ln for ln in text.splitlines() if ln.startswith('"')]
        rows = list(csv.reader(io.StringIO("\n".join(lines))))
        if not rows:
            return []
        h = rows[0]
        if "Metric Name" not in h:
            return []
        i_name, i_val = h.index("Metric Name"), h.index("Metric Value")
        return [float(r[i_val].replace(",", "")) / 1e6 for r in rows[1:] if r[i_name] == "gpu__time_duration.sum"]


def run_ncu(ncu: str, name: str, cache: str, timeout_s: float) -> dict[str, Any]:
    cmd = [ncu, "--profile-from-start", "off", "--clock-control", "none", "--cache-control", cache, "--metrics",
           "gpu__time_duration.sum", "--csv", "--print-units", "base", "--page", "details",
           sys.executable, HERE, "--driver", name, "--calls", str(NCU_CALLS)]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return {"error": f"ncu timed out after {timeout_s:.0f} s"}
    durs = _parse(p.stdout)
    out: dict[str, Any] = {"cache_control": cache, "launches": len(durs), "wall_s": time.perf_counter() - t0}
    if p.returncode != 0 and not durs:
        out["error"] = f"ncu exited {p.returncode}: {(p.stderr or p.stdout).strip().splitlines()[-1:]}"
        return out
    if not durs:
        out["per_call_ms"] = None
        out["note"] = "no kernels seen by ncu (a memcpy is not a kernel)"
        return out
    out["kernel_names"] = _names(p.stdout)
    per = len(durs) // NCU_CALLS if len(durs) >= NCU_CALLS else 1
    calls = [sum(durs[i * per:(i + 1) * per]) for i in range(len(durs) // per)]
    out.update(kernels_per_call=per, per_call_ms=statistics.median(calls), calls_ms=calls)
    return out


# ----------------------------------------------------------------------------------------------------- in-process
def _kernel_names(torch: Any, fn: Any) -> list[str]:
    """Names of the GPU kernels one call launches in this process (torch.profiler), to compare with ncu's."""
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

    fn = KERNELS[name][0](torch)
    row: dict[str, Any] = {"cudnn_benchmark": bool(torch.backends.cudnn.benchmark)}
    t0 = time.perf_counter()
    r = wprof.bench(fn, name=name, budget_s=budget_s)
    row["wprof_s"] = time.perf_counter() - t0
    row["wprof_first_call_s"] = r.warmup.first_call_ms / 1e3
    row["wprof"] = _brief(r)
    row["wprof_result"] = r.to_dict()
    t0 = time.perf_counter()
    r2 = wprof.bench(fn, name=name, budget_s=budget_s)  # a second result in the same process: floor cached
    row["wprof_again_s"] = time.perf_counter() - t0
    row["wprof_again"] = _brief(r2)
    rc = wprof.bench(fn, name=name, budget_s=budget_s, cache="cold")
    row["wprof_cold"] = _brief(rc)
    try:
        import triton.testing as tt

        t0 = time.perf_counter()
        try:
            times = tt.do_bench(fn, return_mode="all")
            row["do_bench_s"] = time.perf_counter() - t0
            times = [float(x) for x in times]
            row["do_bench_ms"] = statistics.median(times)
            row["do_bench_n"] = len(times)
            row["do_bench_ci95_rel"] = _ci_rel(times)
        except TypeError:
            row["do_bench_ms"] = float(tt.do_bench(fn))
            row["do_bench_s"] = time.perf_counter() - t0
    except Exception as exc:
        row["do_bench_error"] = f"{type(exc).__name__}: {exc}"[:200]
    try:
        from torch.utils.benchmark import Timer

        m = Timer(stmt="fn()", globals={"fn": fn}).blocked_autorange(min_run_time=0.2)
        row["timer_ms"] = m.median * 1e3
    except Exception as exc:
        row["timer_error"] = f"{type(exc).__name__}: {exc}"[:200]
    row["kernels"] = _kernel_names(torch, fn)
    del fn
    torch.backends.cudnn.benchmark = False
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    return row


def _brief(r: Any) -> dict[str, Any]:
    tel = r.extra.get("telemetry") or {}
    sm = (tel.get("metrics") or {}).get("sm_clock_mhz") or {}
    floor = r.extra.get("floor") or {}
    return {"median_ms": r.summary.median, "method": r.mode, "calls_per_sample": r.calls_per_sample,
            "headline": r.extra.get("headline"), "eager_ms": r.extra.get("eager_ms"),
            "device_ms": r.extra.get("device_ms"), "isolated_ms": r.extra.get("isolated_ms"),
            "isolated": {k: v for k, v in (r.extra.get("isolated") or {}).items() if k != "samples_ms"},
            "n": r.summary.n, "ci95_rel": r.summary.ci95_rel_halfwidth,
            "stop_reason": r.stop_reason, "warnings": [w.code for w in r.warnings],
            "messages": {w.code: w.message for w in r.warnings},
            "floor_ms": floor.get("floor_ms"), "floor": floor, "notices": r.extra.get("notices", []),
            "total_s": r.extra.get("total_s"), "timed_s": r.extra.get("timed_s"),
            "first_call_ms": r.warmup.first_call_ms, "drift": r.extra.get("drift"),
            "power_limited": r.extra.get("power_limited", False),
            "decision": (r.extra.get("decision") or {}).get("reason"),
            "sm_clock_mhz": [sm.get("min"), sm.get("max")] if sm else None,
            "throttled_fraction": tel.get("throttled_fraction"),
            "power_w": ((tel.get("metrics") or {}).get("power_w") or {}).get("mean"),
            "power_max_w": ((tel.get("metrics") or {}).get("power_w") or {}).get("max")}


def _within(ms: float | None, ref: float | None) -> bool:
    return ms is not None and ref is not None and abs(ms - ref) <= max(TOL_REL * ref, TOL_MS)


def judge(w: dict[str, Any] | None, ncu: dict[str, Any] | None) -> tuple[str, str]:
    """('ok' | 'off' | 'n/a', reason) for wprof's median against ncu's per-call duration.

    The reason is built only from what the wprof result itself measured (its warnings and numbers), so a row that
    is off says in the result's own words why; "unexplained" means the result carries no measured reason.
    """
    if not w:
        return "n/a", "no wprof result"
    if not ncu or ncu.get("error"):
        return "n/a", (ncu or {}).get("error", "ncu not run")
    ref = ncu.get("per_call_ms")
    if ref is None:
        return "n/a", "memcpy not visible to ncu (no kernel launched)"
    if _within(w["median_ms"], ref):
        return "ok", ""
    reasons = []
    iso = w.get("isolated") or {}
    codes = w.get("warnings") or []
    if "near-floor" in codes and iso.get("isolated_ms") is not None:
        reasons.append(f"back-to-back calls of a kernel this short overlap; one call on its own "
                       f"{_us(iso['isolated_ms'])} ({'within' if _within(iso['isolated_ms'], ref) else 'off'} "
                       "target vs ncu)")
    elif "near-floor" in codes:
        reasons.append("within 3x of the harness floor")
    if "pair-cost" in codes and iso.get("isolated_ms") is not None:
        reasons.append(f"one call per event pair (flush between calls): the empty pair measures "
                       f"{_us(iso.get('empty_pair_ms'))}; the call alone {_us(iso['isolated_ms'])} "
                       f"({'within' if _within(iso['isolated_ms'], ref) else 'off'} target vs ncu)")
    if "throttled" in codes:
        reasons.append(f"throttled clock (SM {w['sm_clock_mhz']} MHz)")
    if "power-limit" in codes:
        d = w.get("drift") or {}
        reasons.append(f"power limit reached ({w.get('power_max_w') or 0:.0f} W); first/last quarter of samples "
                       f"{_us(d.get('first_quarter_ms'))}/{_us(d.get('last_quarter_ms'))}")
    if ncu.get("kernels_per_call", 1) > 1:
        reasons.append(f"{ncu['kernels_per_call']} kernels per call: wprof includes the gaps between them")
    if "high-spread" in codes or "bimodal" in codes:
        reasons.append("noisy samples")
    if w.get("headline") == "eager":
        reasons.append(f"headline is per-call events ({w.get('decision') or 'no device number'})")
    return "off", "; ".join(reasons) or "unexplained"


# ----------------------------------------------------------------------------------------------------- output
def _us(ms: Any) -> str:
    return "–" if ms is None else f"{ms * 1e3:.2f}"


def _pct(x: Any) -> str:
    return "–" if x is None else f"±{x:.2%}"


def _s(x: Any) -> str:
    return "–" if x is None else f"{x:.2f}"


def render(doc: dict[str, Any]) -> str:
    e = doc.get("env", {})
    lines = [f"Measured {doc.get('date')} on {e.get('gpu')} (driver {e.get('driver')}), torch {e.get('torch')}, "
             f"CUDA {e.get('cuda')}, triton {e.get('triton')}, cupy {e.get('cupy')}, ncu {e.get('ncu')}; "
             f"wprof {e.get('wprof')}. Times in µs (median). *one call* = `extra.isolated_ms`: one pre-queued call "
             "in its own event pair less an empty pair (measured only when the headline is near the harness floor, "
             "and for one-call-per-pair cold samples).", "",
             "| kernel | ncu warm | wprof (default, warm) | method | per-call / device | one call | vs ncu "
             "| ncu cold | wprof cold | cold, one call | vs ncu | do_bench | Timer | SM clock MHz | reason (measured) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, row in doc["kernels"].items():
        if row.get("skipped"):
            lines.append(f"| {row['desc']} | skipped: {row['skipped']} |" + " |" * 13)
            continue
        w, wc = row.get("wprof") or {}, row.get("wprof_cold") or {}
        nw, nc = row.get("ncu_warm") or {}, row.get("ncu_cold") or {}
        method = f"{w.get('method')}" + (f" ×{w['calls_per_sample']}" if w.get("calls_per_sample", 1) > 1 else "")
        ed = f"{_us(w.get('eager_ms'))} / {_us(w.get('device_ms'))}"
        sm = w.get("sm_clock_mhz")
        reason = "; ".join(f"{k}: {x}" for k, x in (("warm", row.get("reason_warm")), ("cold", row.get("reason_cold")))
                           if x)
        lines.append(f"| {row['desc']} | {_us(nw.get('per_call_ms'))} | {_us(w.get('median_ms'))} | {method} | {ed} "
                     f"| {_us(w.get('isolated_ms'))} | {row.get('verdict_warm')} | {_us(nc.get('per_call_ms'))} "
                     f"| {_us(wc.get('median_ms'))} | {_us(wc.get('isolated_ms'))} | {row.get('verdict_cold')} "
                     f"| {_us(row.get('do_bench_ms'))} | {_us(row.get('timer_ms'))} "
                     f"| {'–' if not sm else f'{sm[0]:.0f}-{sm[1]:.0f}'} | {reason} |")
    ok = sum(1 for r in doc["kernels"].values() if r.get("verdict_warm") == "ok")
    judged = sum(1 for r in doc["kernels"].values() if r.get("verdict_warm") in ("ok", "off"))
    explained = sum(1 for r in doc["kernels"].values() if r.get("verdict_warm") == "off"
                    and r.get("reason_warm") and r.get("reason_warm") != "unexplained")
    lines += ["", f"Within max(3%, 0.6 µs) of ncu (warm): {ok} of {judged} kernels ncu can see; {explained} more "
              f"carry a measured reason. Suite wall time {doc.get('wall_s', 0):.0f} s.", "",
              "Time to a result and its precision (s: wall time of the call; wprof excludes its first call, which "
              "do_bench never sees because it runs after; *again*: a second wprof result in the same process; "
              "CI: 95% CI half-width of the median, relative).", "",
              "| kernel | wprof s | wprof CI | wprof n | again s | again median | do_bench s | do_bench CI | do_bench n "
              "| first call s | kernels in-process | kernels under ncu |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, row in doc["kernels"].items():
        if row.get("skipped"):
            continue
        w, a = row.get("wprof") or {}, row.get("wprof_again") or {}
        first = row.get("wprof_first_call_s")
        to_result = None if row.get("wprof_s") is None else row["wprof_s"] - (first or 0.0)
        ink = ", ".join(x[:50] for x in row.get("kernels") or []) or "–"
        nck = ", ".join(x[:50] for x in (row.get("ncu_warm") or {}).get("kernel_names") or []) or "–"
        lines.append(f"| {row['desc']} | {_s(to_result)} | {_pct(w.get('ci95_rel'))} | {w.get('n', '–')} "
                     f"| {_s(row.get('wprof_again_s'))} | {_us(a.get('median_ms'))} | {_s(row.get('do_bench_s'))} "
                     f"| {_pct(row.get('do_bench_ci95_rel'))} | {row.get('do_bench_n', '–')} | {_s(first)} "
                     f"| {ink} | {nck} |")
    return "\n".join(lines) + "\n"


def _env() -> dict[str, Any]:
    import torch

    import wprof

    out: dict[str, Any] = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__,
                           "cuda": torch.version.cuda, "wprof": wprof.__version__}
    for mod in ("triton", "cupy", "cutlass"):
        try:
            out[mod] = __import__(mod).__version__
        except Exception:
            out[mod] = None
    try:
        out["driver"] = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                       capture_output=True, text=True, timeout=20).stdout.strip().splitlines()[0]
    except Exception:
        out["driver"] = None
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.environ.get("OUT", "."), help="directory for accuracy.json / accuracy.md")
    ap.add_argument("--only", default=None, help="comma-separated kernel names")
    ap.add_argument("--budget-s", type=float, default=1.0, help="wprof's time budget per result (default 1)")
    ap.add_argument("--deadline-s", type=float, default=440.0, help="skip remaining ncu runs after this many s")
    ap.add_argument("--driver", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--calls", type=int, default=NCU_CALLS, help=argparse.SUPPRESS)
    ap.add_argument("--render", metavar="JSON", default=None, help="print the markdown table of a saved run")
    ap.add_argument("--docs", metavar="MD", default=None, help="with --render: write the table into this page")
    a = ap.parse_args(argv)
    if a.driver:
        return driver(a.driver, a.calls)
    if a.render:
        with open(a.render, encoding="utf-8") as f:
            md = render(json.load(f))
        if a.docs:  # replace the table between the markers, keep the rest of the page
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
    names = a.only.split(",") if a.only else list(KERNELS)
    doc: dict[str, Any] = {"schema": "wprof.accuracy/1", "date": time.strftime("%Y-%m-%d", time.gmtime()),
                           "env": _env(), "kernels": {}}
    ncu = find_ncu()
    if ncu:
        try:
            v = subprocess.run([ncu, "--version"], capture_output=True, text=True, timeout=30).stdout
            doc["env"]["ncu"] = v.strip().splitlines()[-1]
        except Exception:
            doc["env"]["ncu"] = ncu
    else:
        doc["env"]["ncu"] = None
    for name in names:
        fac, needs, desc = KERNELS[name]
        row: dict[str, Any] = {"desc": desc}
        doc["kernels"][name] = row
        miss = _missing(needs)
        if miss:
            row["skipped"] = miss
            print(f"{name}: skipped ({miss})", flush=True)
            continue
        try:
            row.update(measure(name, a.budget_s))
        except Exception as exc:
            row["skipped"] = f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:160] if str(exc) else ''}"
            print(f"{name}: failed in-process: {row['skipped']}", flush=True)
            continue
        print(f"{name}: wprof {row['wprof']['median_ms'] * 1e3:.2f} us ({row['wprof']['method']}) cold "
              f"{row['wprof_cold']['median_ms'] * 1e3:.2f} us", flush=True)
    for name in names:
        row = doc["kernels"][name]
        if row.get("skipped"):
            continue
        for cache, key in (("none", "ncu_warm"), ("all", "ncu_cold")):
            if not ncu:
                row[key] = {"error": "ncu not found (PATH, /opt/nvidia/nsight-compute/*/ncu)"}
            elif time.perf_counter() - t_start > a.deadline_s:
                row[key] = {"error": f"skipped: suite deadline {a.deadline_s:.0f} s reached"}
            else:
                row[key] = run_ncu(ncu, name, cache, timeout_s=120)
        row["verdict_warm"], row["reason_warm"] = judge(row.get("wprof"), row.get("ncu_warm"))
        row["verdict_cold"], row["reason_cold"] = judge(row.get("wprof_cold"), row.get("ncu_cold"))
        print(f"{name}: ncu warm {_us((row['ncu_warm'] or {}).get('per_call_ms'))} us -> {row['verdict_warm']} "
              f"{row['reason_warm']}; cold {_us((row['ncu_cold'] or {}).get('per_call_ms'))} us -> "
              f"{row['verdict_cold']} {row['reason_cold']}", flush=True)
    doc["wall_s"] = time.perf_counter() - t_start
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "accuracy.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, default=str)
    md = render(doc)
    with open(os.path.join(a.out, "accuracy.md"), "w", encoding="utf-8") as f:
        f.write(md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
