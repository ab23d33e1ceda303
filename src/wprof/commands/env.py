"""``wprof env [--calibrate] [--json PATH]``: device facts, peak numbers, NVML now, which profilers are usable.

``--calibrate`` measures on the device, beside the datasheet peaks: a device-to-device ``copy_`` bandwidth (bytes read
plus bytes written, per second) and a bf16 matmul throughput (2·n³ FLOPs per call), each from CUDA events around
back-to-back calls on random data, median of repetitions, with the NVML monitor running so the SM clock, power and
any throttling during the measurement are on record.
"""

from __future__ import annotations

import argparse
from typing import Any

NAME = "env"
HELP = "device facts, peak numbers, NVML telemetry and which profilers are usable here"
ORDER = 80
DESCRIPTION = """\
Device facts (torch, CUDA, driver, the GPU's SMs and L2), its datasheet peaks (wprof.hardware), NVML telemetry now, and
which profilers are usable here (nsys, ncu, torch.profiler, NVTX, pynvml). Without CUDA it says so and still lists
the rest.

--calibrate measures on the device, beside the datasheet peaks: a device-to-device copy_ bandwidth (bytes read plus
bytes written, per second) and a bf16 matmul throughput (2*n^3 FLOPs per call), each from CUDA events around
back-to-back calls on random data, median of repetitions, with the NVML monitor running so the SM clock, power and
any throttling during the measurement are on record. Without CUDA it is skipped, and the output says so.

examples:
  wprof env
  wprof env --calibrate                 # needs CUDA
  wprof env --json env.json             # everything as JSON (schema wprof.env/1)
"""
SCHEMA = "wprof.env/1"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--calibrate", action="store_true",
                   help="measure copy bandwidth and bf16 matmul TFLOP/s on the device, beside the table's peaks")
    p.add_argument("--json", metavar="PATH", help="also write everything as JSON (schema wprof.env/1)")
    p.add_argument("--device", type=int, default=None, metavar="N", help="torch CUDA device index (default: current)")
    p.add_argument("--copy-mib", type=int, default=1024, metavar="MIB",
                   help="size of the copied buffer for --calibrate (default: 1024)")
    p.add_argument("--matmul-n", type=int, default=8192, metavar="N",
                   help="square bf16 matmul size for --calibrate (default: 8192)")


def run(args: argparse.Namespace) -> int:
    from ..errors import UsageError

    if args.copy_mib <= 0 or args.matmul_n <= 0:
        raise UsageError(f"--copy-mib {args.copy_mib} / --matmul-n {args.matmul_n} must be positive integers")
    doc = collect(args.device)
    if args.calibrate:
        doc["calibration"] = calibrate(doc, copy_mib=args.copy_mib, matmul_n=args.matmul_n)
    from ..report import make_console

    render(doc, make_console())
    if args.json is not None:
        from ..results import write_json_atomic

        write_json_atomic(args.json, doc)
    return 0


# --- collection ----------------------------------------------------------------------------------------------------


def collect(device: int | None = None) -> dict[str, Any]:
    """Everything ``wprof env`` shows, as a JSON-ready dict (no measurement)."""
    from .. import hardware
    from .._optional import optional
    from ..monitor import read_once

    notes: list[str] = []
    try:
        from ..env import fingerprint

        fp = fingerprint(device)
    except ImportError:  # the fingerprint module is optional for this command
        fp = _torch_facts(device)
        notes.append("wprof.env.fingerprint unavailable: device facts read from torch directly")
    dev = fp.get("device") or {}
    torch = optional("torch")
    cuda = bool(dev) and torch is not None
    reading = read_once(dev.get("index") if cuda else None)
    name = dev.get("name") or (reading.device.name if reading.device else None)
    peaks = hardware.lookup(name)
    if not cuda:
        notes.append("no CUDA device visible to torch: no calibration, peaks only if NVML names a GPU")
    return {
        "schema": SCHEMA,
        "fingerprint": fp,
        "device_name": name,
        "peaks": peaks.to_dict() if peaks else None,
        "peaks_reason": None if peaks else hardware.why_unknown(name),
        "nvml": reading.to_dict(),
        "profilers": profilers(),
        "calibration": None,
        "notes": notes,
    }


def _torch_facts(device: int | None) -> dict[str, Any]:
    from .._optional import optional

    torch = optional("torch")
    fp: dict[str, Any] = {"torch": getattr(torch, "__version__", None), "device": None, "notes": []}
    if torch is not None and torch.cuda.is_available():
        i = torch.cuda.current_device() if device is None else device
        p = torch.cuda.get_device_properties(i)
        fp["device"] = {"index": i, "name": p.name, "compute_capability": f"{p.major}.{p.minor}",
                        "sm_count": p.multi_processor_count, "memory_bytes": p.total_memory}
    return fp


def profilers() -> dict[str, Any]:
    """Which profilers and annotation paths are usable here (paths for CLIs, booleans for Python modules)."""
    import shutil

    from .._optional import optional

    out: dict[str, Any] = {"ncu": shutil.which("ncu"), "nsys": shutil.which("nsys")}
    torch = optional("torch")
    out["torch.profiler"] = False
    out["torch.cuda.nvtx"] = False
    if torch is not None:
        try:
            import torch.profiler  # noqa: F401

            out["torch.profiler"] = True
        except Exception:
            pass
        try:
            import torch.cuda.nvtx as tnvtx

            # CPU builds install a stub whose calls raise "NVTX functions not installed"
            out["torch.cuda.nvtx"] = type(getattr(tnvtx, "_nvtx", None)).__name__ != "_NVTXStub"
        except Exception:
            pass
    out["nvtx"] = _installed("nvtx")
    out["pynvml"] = _installed("pynvml")
    return out


def _installed(name: str) -> bool:
    """True when ``name`` can be imported, without importing it."""
    import importlib.util
    import sys

    if name in sys.modules:
        return sys.modules[name] is not None
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


# --- calibration -----------------------------------------------------------------------------------------------------


def calibrate(doc: dict[str, Any], *, copy_mib: int = 1024, matmul_n: int = 8192, reps: int = 5) -> dict[str, Any]:
    """Measure copy bandwidth and bf16 matmul throughput on the device in ``doc``; a dict with the numbers, the
    method, the table ratios and the NVML summary during each measurement. Without CUDA: ``{"skipped": reason}``."""
    from .._optional import optional
    from ..monitor import Monitor

    torch = optional("torch")
    dev = (doc.get("fingerprint") or {}).get("device") or {}
    if torch is None or not torch.cuda.is_available() or "index" not in dev:
        return {"skipped": "no CUDA device visible to torch"}
    idx = int(dev["index"])
    peaks = doc.get("peaks") or {}
    out: dict[str, Any] = {}
    with torch.cuda.device(idx):
        free, _ = torch.cuda.mem_get_info(idx)
        nbytes = min(copy_mib * 2**20, free // 4) // 4 * 4  # src + dst take at most half the free memory
        src = torch.randn(nbytes // 4, device=f"cuda:{idx}", dtype=torch.float32)
        dst = torch.empty_like(src)
        with Monitor(idx, interval_s=0.02) as mon:
            ms = _time_calls(torch, lambda: dst.copy_(src), calls=20, reps=reps)
        copy_bps = 2 * nbytes / (ms / 1e3)
        peak_bw = peaks.get("memory_gb_per_s")
        out["copy"] = {
            "bytes": nbytes,
            "ms_per_call": ms,
            "bytes_per_s": copy_bps,
            "ratio_to_peak": copy_bps / (peak_bw * 1e9) if peak_bw else None,
            "method": f"dst.copy_(src), fp32 randn, {nbytes} bytes; CUDA events around 20 back-to-back calls, "
                      f"median of {reps} repetitions; bytes counted = read + written (2 x size)",
            "monitor": mon.summary().to_dict(),
        }
        del src, dst
        n = matmul_n
        a = torch.randn(n, n, device=f"cuda:{idx}", dtype=torch.bfloat16)
        b = torch.randn(n, n, device=f"cuda:{idx}", dtype=torch.bfloat16)
        c = torch.empty(n, n, device=f"cuda:{idx}", dtype=torch.bfloat16)
        with Monitor(idx, interval_s=0.02) as mon:
            ms = _time_calls(torch, lambda: torch.matmul(a, b, out=c), calls=10, reps=reps)
        flops = 2.0 * n**3 / (ms / 1e3)
        peak_bf16 = (peaks.get("tflops") or {}).get("bf16")
        out["matmul_bf16"] = {
            "n": n,
            "ms_per_call": ms,
            "flops_per_s": flops,
            "ratio_to_peak": flops / (peak_bf16 * 1e12) if peak_bf16 else None,
            "method": f"torch.matmul bf16 {n}x{n}x{n}, randn inputs, out= preallocated; CUDA events around 10 "
                      f"back-to-back calls, median of {reps} repetitions; 2*n^3 FLOPs per call",
            "monitor": mon.summary().to_dict(),
        }
        del a, b, c
        torch.cuda.empty_cache()
    return out


def _time_calls(torch: Any, fn: Any, *, calls: int, reps: int) -> float:
    """Median over ``reps`` of (CUDA-event time around ``calls`` back-to-back calls) / ``calls``, in ms."""
    for _ in range(3):  # warm up: allocator, cuBLAS heuristics, clocks
        fn()
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(reps)]
    torch.cuda.synchronize()
    for start, end in events:
        start.record()
        for _ in range(calls):
            fn()
        end.record()
    torch.cuda.synchronize()
    per_call = sorted(s.elapsed_time(e) / calls for s, e in events)
    return per_call[len(per_call) // 2]


# --- rendering -------------------------------------------------------------------------------------------------------


def _fmt(v: Any, spec: str = "", unit: str = "") -> str:
    if v is None:
        return "n/a"
    return f"{v:{spec}}{unit}"


def render(doc: dict[str, Any], console: Any) -> None:
    """Print ``doc`` (from :func:`collect`) as rich tables."""
    from rich.markup import escape as e
    from rich.table import Table

    fp = doc.get("fingerprint") or {}
    dev = fp.get("device") or {}
    t = Table(title="Device", show_header=False, title_justify="left")
    t.add_column("key", style="bold")
    t.add_column("value")
    t.add_row("name", e(doc.get("device_name") or "none (no CUDA device visible to torch)"))
    for key in ("uuid", "compute_capability", "sm_count", "driver", "cudnn"):
        if dev.get(key) is not None:
            t.add_row(key, e(str(dev[key])))
    if dev.get("memory_bytes"):
        t.add_row("memory", f"{dev['memory_bytes'] / 2**30:.1f} GiB")
    if dev.get("l2_cache_bytes"):
        t.add_row("L2 cache", f"{dev['l2_cache_bytes'] / 2**20:.0f} MiB")
    t.add_row("torch / CUDA", e(f"{fp.get('torch') or 'not installed'} / {fp.get('cuda_runtime') or 'n/a'}"))
    if fp.get("cuda_visible_devices") is not None:
        t.add_row("CUDA_VISIBLE_DEVICES", e(str(fp["cuda_visible_devices"])))
    console.print(t)

    cal = doc.get("calibration") or {}
    peaks = doc.get("peaks")
    if peaks is None:
        console.print(f"[bold]Peaks:[/bold] {e(str(doc.get('peaks_reason')))}")
    else:
        p = Table(title="Peaks (dense, datasheet)", title_justify="left")
        p.add_column(e(peaks["name"]))
        p.add_column("peak", justify="right")
        measured = "copy" in cal or "matmul_bf16" in cal
        if measured:
            p.add_column("measured", justify="right")
            p.add_column("measured / peak", justify="right")
        for dt, v in peaks["tflops"].items():
            row = [dt, f"{v:g} {'TOPS' if dt == 'int8' else 'TFLOP/s'}"]
            if measured:
                m = cal.get("matmul_bf16") if dt == "bf16" else None
                row += [f"{m['flops_per_s'] / 1e12:.1f} TFLOP/s", _fmt(m["ratio_to_peak"], ".0%")] if m else ["", ""]
            p.add_row(*row)
        row = ["memory bandwidth", f"{peaks['memory_gb_per_s']:g} GB/s"]
        if measured:
            m = cal.get("copy")
            row += [f"{m['bytes_per_s'] / 1e9:.0f} GB/s", _fmt(m["ratio_to_peak"], ".0%")] if m else ["", ""]
        p.add_row(*row)
        console.print(p)
        console.print(e(f"source: {peaks['source']}" + (f" ({peaks['notes']})" if peaks.get("notes") else "")))

    nv = doc.get("nvml") or {}
    if not nv.get("available"):
        console.print(f"[bold]NVML:[/bold] not available — {e(str(nv.get('unavailable_reason')))}")
    else:
        s, f = nv.get("sample") or {}, nv.get("device") or {}
        n = Table(title="NVML now", show_header=False, title_justify="left")
        n.add_column("key", style="bold")
        n.add_column("value")
        n.add_row("SM clock", f"{_fmt(s.get('sm_clock_mhz'), '.0f')} / {_fmt(f.get('max_sm_clock_mhz'), '.0f')} MHz max")
        n.add_row("memory clock", f"{_fmt(s.get('mem_clock_mhz'), '.0f')} MHz")
        n.add_row("power", f"{_fmt(s.get('power_w'), '.0f')} / {_fmt(f.get('power_limit_w'), '.0f')} W limit "
                           f"({f.get('power_source')})")
        n.add_row("temperature", _fmt(s.get("temperature_c"), ".0f", " C"))
        n.add_row("utilization", f"GPU {_fmt(s.get('gpu_util_pct'), '.0f', '%')}, "
                                 f"memory {_fmt(s.get('mem_util_pct'), '.0f', '%')}")
        n.add_row("memory used", _fmt(s.get("memory_used_mib"), ".0f", " MiB"))
        from ..monitor import decode_reasons

        n.add_row("clock reasons", ", ".join(decode_reasons(s.get("reasons_mask"))) or "none")
        if f.get("driver"):
            n.add_row("driver", e(str(f["driver"])))
        console.print(n)

    pr = doc.get("profilers") or {}
    q = Table(title="Profilers usable here", show_header=False, title_justify="left")
    q.add_column("tool", style="bold")
    q.add_column("status")
    q.add_row("ncu", e(pr.get("ncu") or "not on PATH"))
    q.add_row("nsys", e(pr.get("nsys") or "not on PATH"))
    for key, hint in (("torch.profiler", "needs torch"), ("torch.cuda.nvtx", "needs a CUDA build of torch"),
                      ("nvtx", "pip install 'wprof[nvtx]'"), ("pynvml", "pip install 'wprof[nvml]'")):
        q.add_row(key, "yes" if pr.get(key) else e(f"no ({hint})"))
    console.print(q)

    if cal.get("skipped"):
        console.print(f"[bold]Calibration skipped:[/bold] {e(cal['skipped'])}")
    for key in ("copy", "matmul_bf16"):
        m = cal.get(key)
        if m:
            console.print(e(f"{key}: {m['method']}"))
            mon = m.get("monitor") or {}
            sm = (mon.get("metrics") or {}).get("sm_clock_mhz")
            pw = (mon.get("metrics") or {}).get("power_w")
            if sm and pw:
                line = (f"  during it: SM clock {sm['min']:.0f}-{sm['max']:.0f} MHz, power mean {pw['mean']:.0f} W "
                        f"max {pw['max']:.0f} W")
                if mon.get("throttled_fraction"):
                    line += f", throttled in {mon['throttled_fraction']:.0%} of samples"
                console.print(line)
    for note in doc.get("notes") or []:
        console.print(e(f"note: {note}"))
