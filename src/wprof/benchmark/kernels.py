"""What one call launches: per-kernel device time from one profiler pass, outside the timed spans.

Method: after the headline's samples, ``calls`` calls run under ``torch.profiler`` (Kineto, which reads CUPTI: it
sees every kernel, copy and memset of the process, on every stream, whoever launched it: torch, Triton, CuPy,
cuBLAS). A marker kernel (``torch.cuda._sleep(0)``) is launched on the bench stream before the calls and another
after them: the first tells which stream the harness's events are on, and the two markers' launches bound the host
window in which the callable's own runtime calls (launches, synchronizations) are counted. The trace is read from its
Chrome JSON export (the documented format: ``cat`` ``kernel`` / ``gpu_memcpy`` / ``gpu_memset`` for device work,
``cuda_runtime`` / ``cuda_driver`` for API calls, ``args.stream`` and ``args.correlation``).

:func:`parse_trace` is pure (a list of trace events in, a :class:`KernelBreakdown` out): tested on a CPU with
made-up events. :func:`profile_calls` runs the pass and never raises: a profiler that cannot run (no CUPTI, another
profiler attached) gives ``available=False`` and the reason.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["KernelBreakdown", "KernelRow", "parse_trace", "profile_calls", "SYNC_APIS", "MARKER"]

#: the marker kernel's name contains this (``torch.cuda._sleep`` launches ``at::cuda::...::spin_kernel``)
MARKER = "spin_kernel"
GPU_CATS = {"kernel": "kernel", "gpu_memcpy": "memcpy", "gpu_memset": "memset", "memcpy": "memcpy",
            "memset": "memset"}
API_CATS = {"cuda_runtime", "cuda_driver", "runtime", "driver"}
#: runtime/driver calls that make the host wait for the device (``.item()`` is a copy then cudaStreamSynchronize)
SYNC_APIS = frozenset({
    "cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize", "cudaMemcpy", "cudaMemcpy2D",
    "cudaMemset", "cuCtxSynchronize", "cuStreamSynchronize", "cuEventSynchronize", "cuMemcpyDtoH_v2",
    "cuMemcpyHtoD_v2", "cuMemcpy", "cuMemcpyDtoH", "cuMemcpyHtoD",
})
#: profiler activities of the pass (CUPTI's runtime-API records come with the CUDA activity)
ACTIVITIES = ("CPU", "CUDA")
#: set by ncu and nsys when they inject into a process (CUPTI has one subscriber: the pass is skipped under them)
INJECTION_VARS = ("CUDA_INJECTION64_PATH", "NSYS_PROFILING_SESSION_ID", "NV_NSIGHT_INJECTION_TRANSPORT_TYPE")
#: at most this many rows in the result (the rest are summed into one "other kernels" row)
MAX_ROWS = 24


@dataclass(frozen=True)
class KernelRow:
    """One kernel (or copy, memset) name: how often one call launches it and its device time per call."""

    name: str
    kind: str  # kernel | memcpy | memset
    per_call: float  # launches per call (a mean: data-dependent work may vary)
    ms_per_call: float  # summed device time per call
    mean_ms: float  # per launch
    streams: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "per_call": self.per_call, "ms_per_call": self.ms_per_call,
                "mean_ms": self.mean_ms, "streams": list(self.streams)}


@dataclass(frozen=True)
class KernelBreakdown:
    """Device work of one call, from one profiler pass of ``calls`` calls (all times per call, ms).

    ``sum_ms``: the kernels', copies' and memsets' own durations added up (what ncu's per-kernel
    ``gpu__time_duration`` sums to); ``kernel_sum_ms``: kernels only (ncu times kernels, not copies or memsets;
CUPTI's kernel durations read ~0.9 µs below ncu's per launch on the H200: ncu's include the launch's front end);
``busy_ms``: the union of their intervals (less than the sum when streams
    overlap); ``span_ms``: first start to last end of one call, launch gaps included (host-launched calls, so this
    is not the headline's back-to-back time). ``other_stream_ms``: device time on streams other than the bench
    stream, which the harness's events do not see unless the callable joins them. ``syncs_per_call``: host-device
    synchronizations the callable makes itself (``None`` when the window could not be bounded).
    """

    available: bool
    reason: str | None = None
    calls: int = 0
    ops_per_call: float = 0.0
    kernels_per_call: float = 0.0
    sum_ms: float = 0.0
    kernel_sum_ms: float = 0.0
    busy_ms: float = 0.0
    span_ms: float = 0.0
    bench_stream: int | None = None
    streams: tuple[int, ...] = ()
    other_stream_ms: float = 0.0
    other_streams: tuple[int, ...] = ()
    syncs_per_call: float | None = None
    sync_apis: tuple[str, ...] = ()
    launches_per_call: float | None = None
    rows: tuple[KernelRow, ...] = ()
    profile_s: float | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def multi(self) -> bool:
        return self.available and self.ops_per_call > 1.0 + 1e-9

    def to_dict(self) -> dict[str, Any]:
        if not self.available:
            return {"available": False, "reason": self.reason}
        return {"available": True, "calls": self.calls, "ops_per_call": self.ops_per_call,
                "kernels_per_call": self.kernels_per_call, "sum_ms": self.sum_ms,
                "kernel_sum_ms": self.kernel_sum_ms, "busy_ms": self.busy_ms,
                "span_ms": self.span_ms, "bench_stream": self.bench_stream, "streams": list(self.streams),
                "other_stream_ms": self.other_stream_ms, "other_streams": list(self.other_streams),
                "syncs_per_call": self.syncs_per_call, "sync_apis": list(self.sync_apis),
                "launches_per_call": self.launches_per_call, "rows": [r.to_dict() for r in self.rows],
                "profile_s": self.profile_s, "notes": list(self.notes),
                "how": "one torch.profiler (Kineto/CUPTI) pass of host-launched calls after the timed spans; "
                       "device durations of every kernel, copy and memset on every stream"}


def _stream(ev: dict[str, Any]) -> int | None:
    args = ev.get("args") or {}
    s = args.get("stream", ev.get("tid"))
    try:
        return int(s)
    except (TypeError, ValueError):
        return None


def _corr(ev: dict[str, Any]) -> Any:
    return (ev.get("args") or {}).get("correlation")


def _union_ms(intervals: Iterable[tuple[float, float]]) -> float:
    total, end = 0.0, None
    start = None
    for a, b in sorted(intervals):
        if end is None or a > end:
            if end is not None:
                total += end - start  # type: ignore[operator]
            start, end = a, b
        else:
            end = max(end, b)
    if end is not None:
        total += end - start  # type: ignore[operator]
    return total / 1e3


def parse_trace(events: list[dict[str, Any]], calls: int, *, markers: int = 2) -> KernelBreakdown:
    """The breakdown of ``calls`` calls from Chrome-trace events (``ts``/``dur`` in µs), ``markers`` marker kernels
    (the first before the calls, the last after them) included in ``events``."""
    if calls <= 0:
        return KernelBreakdown(False, "no calls were profiled")
    gpu, api = [], []
    for ev in events:
        if ev.get("ph") not in (None, "X"):
            continue
        cat = str(ev.get("cat", "")).lower()
        if cat in GPU_CATS:
            gpu.append((cat, ev))
        elif cat in API_CATS:
            api.append(ev)
    gpu.sort(key=lambda x: float(x[1].get("ts", 0.0)))
    api.sort(key=lambda e: float(e.get("ts", 0.0)))
    mk = [ev for cat, ev in gpu if GPU_CATS[cat] == "kernel" and MARKER in str(ev.get("name", ""))]
    notes: list[str] = []
    first = mk[0] if mk and markers else None
    last = mk[-1] if len(mk) >= 2 and markers >= 2 else None
    bench_stream = _stream(first) if first is not None else None
    if first is None and markers:
        # not even our own marker kernel: the profiler saw no GPU activity at all (another CUPTI client, such as
        # ncu or nsys, holds it), so "no kernels" would be a wrong conclusion
        return KernelBreakdown(False, "the profiler saw no GPU activity, not even its marker kernel (another "
                                      "profiler such as ncu or nsys may hold CUPTI)")
    dropped = {id(first), id(last)} - {id(None)}
    t_first = float(first.get("ts", 0.0)) if first is not None else float("-inf")
    work = [(GPU_CATS[cat], ev) for cat, ev in gpu if id(ev) not in dropped and float(ev.get("ts", 0.0)) >= t_first]

    # host window: between the marker kernels' launches (found by correlation id)
    by_corr = {_corr(e): e for e in api if _corr(e) is not None}
    l0 = by_corr.get(_corr(first)) if first is not None else None
    l1 = by_corr.get(_corr(last)) if last is not None else None
    syncs: float | None = None
    launches: float | None = None
    sync_names: list[str] = []
    if l0 is not None and l1 is not None:
        lo = float(l0.get("ts", 0.0)) + float(l0.get("dur", 0.0))
        hi = float(l1.get("ts", 0.0))
        inside = [e for e in api if lo <= float(e.get("ts", 0.0)) < hi]
        s = [e for e in inside if str(e.get("name", "")) in SYNC_APIS]
        syncs = len(s) / calls
        sync_names = sorted({str(e.get("name")) for e in s})
        launches = sum(1 for e in inside if "Launch" in str(e.get("name", ""))
                       or str(e.get("name", "")).startswith(("cudaMemcpy", "cudaMemset", "cuMemcpy", "cuMemset"))
                       ) / calls
    elif markers:
        notes.append("the markers' launches were not in the trace: synchronizations inside the call not counted")

    rows: dict[tuple[str, str], list[Any]] = {}
    intervals = []
    streams: set[int] = set()
    other_ms = 0.0
    other: set[int] = set()
    for kind, ev in work:
        dur = float(ev.get("dur", 0.0))
        ts = float(ev.get("ts", 0.0))
        st = _stream(ev)
        intervals.append((ts, ts + dur))
        if st is not None:
            streams.add(st)
        if bench_stream is not None and st is not None and st != bench_stream:
            other_ms += dur
            other.add(st)
        key = (str(ev.get("name", "?")), kind)
        r = rows.setdefault(key, [0, 0.0, set()])
        r[0] += 1
        r[1] += dur
        if st is not None:
            r[2].add(st)
    n_ops = len(work)
    n_kern = sum(1 for k, _ in work if k == "kernel")
    total_us = sum(r[1] for r in rows.values())
    kernel_us = sum(r[1] for (name, kind), r in rows.items() if kind == "kernel")
    ordered = sorted(rows.items(), key=lambda kv: -kv[1][1])
    out_rows = [KernelRow(name, kind, r[0] / calls, r[1] / calls / 1e3, r[1] / r[0] / 1e3, tuple(sorted(r[2])))
                for (name, kind), r in ordered[:MAX_ROWS]]
    if len(ordered) > MAX_ROWS:
        rest = ordered[MAX_ROWS:]
        cnt = sum(r[0] for _, r in rest)
        us = sum(r[1] for _, r in rest)
        out_rows.append(KernelRow(f"({len(rest)} other names)", "kernel", cnt / calls, us / calls / 1e3,
                                  us / max(cnt, 1) / 1e3))
    span = 0.0
    if intervals:
        span = (max(b for _, b in intervals) - min(a for a, _ in intervals)) / 1e3 / calls
    return KernelBreakdown(
        available=True, calls=calls, ops_per_call=n_ops / calls, kernels_per_call=n_kern / calls,
        sum_ms=total_us / calls / 1e3, kernel_sum_ms=kernel_us / calls / 1e3, busy_ms=_union_ms(intervals) / calls,
        span_ms=span,
        bench_stream=bench_stream, streams=tuple(sorted(streams)), other_stream_ms=other_ms / calls / 1e3,
        other_streams=tuple(sorted(other)), syncs_per_call=syncs, sync_apis=tuple(sync_names),
        launches_per_call=launches, rows=tuple(out_rows), notes=tuple(notes))


def profile_calls(call: Callable[[], Any], calls: int, torch: Any, stream: Any = None) -> KernelBreakdown:
    """Run ``calls`` calls under ``torch.profiler`` between two marker kernels on ``stream``; never raises."""
    import time

    t0 = time.perf_counter()
    try:
        from torch.profiler import ProfilerActivity, profile
    except Exception as exc:  # pragma: no cover - torch without the profiler
        return KernelBreakdown(False, f"torch.profiler is not importable ({type(exc).__name__}: {exc})")
    attached = [k for k in INJECTION_VARS if os.environ.get(k)]
    if attached:
        return KernelBreakdown(False, f"another profiler is attached ({attached[0]} is set): the profiler pass "
                                      "would compete with it for CUPTI; kernels not listed")
    sleep = getattr(torch.cuda, "_sleep", None)
    if sleep is None:
        return KernelBreakdown(False, "torch.cuda._sleep is missing (the marker kernel of the profiler pass)")
    import contextlib
    import warnings

    ctx = torch.cuda.stream(stream) if stream is not None else contextlib.nullcontext()
    try:
        torch.cuda.synchronize()
        with tempfile.TemporaryDirectory(prefix="wprof-kernels-") as d, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with profile(activities=[getattr(ProfilerActivity, a) for a in ACTIVITIES]) as prof:
                with ctx:
                    sleep(0)
                for _ in range(calls):
                    call()
                with ctx:
                    sleep(0)
                torch.cuda.synchronize()
            path = os.path.join(d, "trace.json")
            prof.export_chrome_trace(path)
            with open(path, encoding="utf-8") as f:
                trace = json.load(f)
    except Exception as exc:  # the profiler pass must never break a measurement
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
        return KernelBreakdown(False, f"the profiler pass failed ({type(exc).__name__}: {first})")
    events = trace.get("traceEvents", []) if isinstance(trace, dict) else trace
    kb = parse_trace(list(events), calls)
    return _with_time(kb, time.perf_counter() - t0)


def _with_time(kb: KernelBreakdown, seconds: float) -> KernelBreakdown:
    from dataclasses import replace

    return replace(kb, profile_s=seconds)
