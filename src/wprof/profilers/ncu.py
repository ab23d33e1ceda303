"""Nsight Compute over the gauge's window: the command, its CSV, and a per-kernel table.

ncu is the ground truth for one kernel's device time (``gpu__time_duration.sum``), at the cost of replaying each
kernel. wprof runs it with:

- ``--profile-from-start off`` so only launches between ``cudaProfilerStart`` and ``cudaProfilerStop`` are profiled
  (the Gauge's window, or the program's own calls). ncu honours ``cudaProfilerStop`` without it too (profiling from
  the start only sets the initial state; measured on the H200 with ncu 2025.3.1), so the ``all`` window runs the
  program through ``wprof.profilers.nsys.run_ignoring_profiler_api``: ``torch.cuda.profiler.start/stop`` do nothing
  there, and a native ``cudaProfilerStop`` is the one thing that still ends profiling early;
- ``--clock-control none`` so the GPU keeps its normal boost behaviour (ncu locks base clocks by default, which
  makes its durations disagree with every other timer);
- ``--metrics gpu__time_duration.sum --csv --print-units base --page details --log-file FILE`` so the durations are
  integers in nanoseconds, in a file of their own, apart from the program's output;
- ``--nvtx --nvtx-include EXPR`` when asked: ``NAME/`` is a push/pop range in the default domain (torch.cuda.nvtx),
  ``DOMAIN@NAME/`` one in a domain (``wprof@NAME/`` for wprof.nvtx with the nvtx package), ``NAME`` without the slash
  a start/end range (the ``backward`` range of ``annotate_phases``).

The result keeps every launch (id, kernel name, duration in ms); the per-kernel table is computed from them.
"""

from __future__ import annotations

import csv
import io
import math
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ProfilerError
from ..results.ncu import NCU_SCHEMA, KernelLaunch, KernelStats, NcuResult, kernel_stats
from .nsys import Program, shell_line

__all__ = [
    "METRIC",
    "NCU_GLOBS",
    "NCU_SCHEMA",
    "NcuOptions",
    "KernelLaunch",
    "KernelStats",
    "NcuResult",
    "build_ncu_command",
    "import_command",
    "parse_csv",
    "kernel_stats",
    "run_ncu",
    "format_table",
]

METRIC = "gpu__time_duration.sum"
NCU_GLOBS = (
    "/opt/nvidia/nsight-compute/*/ncu",
    "/usr/local/cuda*/bin/ncu",
    "/usr/local/cuda*/nsight-compute*/ncu",
)
# time unit -> milliseconds (--print-units base writes "ns" on current ncu; older ones wrote "nsecond")
_TO_MS = {
    "ns": 1e-6, "nsecond": 1e-6, "nanosecond": 1e-6,
    "us": 1e-3, "usecond": 1e-3, "microsecond": 1e-3,
    "ms": 1.0, "msecond": 1.0, "millisecond": 1.0,
    "s": 1e3, "second": 1e3,
}
_NAME_COLUMNS = ("Kernel Name", "Function Name", "Demangled Name", "Name")


@dataclass(frozen=True)
class NcuOptions:
    """ncu settings besides the window. ``cache_control`` None keeps ncu's default (``all``: caches flushed)."""

    log_file: str = "wprof-ncu.csv"
    nvtx_include: tuple[str, ...] = ()
    nvtx_exclude: tuple[str, ...] = ()
    kernel_name: str | None = None
    launch_skip: int | None = None
    launch_count: int | None = None
    cache_control: str | None = None
    clock_control: str = "none"
    metrics: tuple[str, ...] = (METRIC,)
    export: str | None = None
    extra: tuple[str, ...] = ()


def build_ncu_command(program: Program, options: NcuOptions, ncu: str = "ncu") -> tuple[list[str], dict[str, str]]:
    """The ncu argv and the extra environment, restricted to the program's window."""
    cmd = [ncu, "--target-processes", "all"]
    if program.window != "all":
        cmd += ["--profile-from-start", "off"]
    cmd += ["--clock-control", options.clock_control]
    if options.cache_control:
        cmd += ["--cache-control", options.cache_control]
    if options.nvtx_include or options.nvtx_exclude:
        cmd.append("--nvtx")
        for expr in options.nvtx_include:
            cmd += ["--nvtx-include", expr]
        for expr in options.nvtx_exclude:
            cmd += ["--nvtx-exclude", expr]
    if options.kernel_name:
        cmd += ["--kernel-name", options.kernel_name]
    if options.launch_skip is not None:
        cmd += ["--launch-skip", str(options.launch_skip)]
    if options.launch_count is not None:
        cmd += ["--launch-count", str(options.launch_count)]
    cmd += ["--metrics", ",".join(options.metrics), "--csv", "--print-units", "base", "--page", "details"]
    cmd += ["--log-file", options.log_file]
    if options.export:
        cmd += ["--export", options.export, "--force-overwrite"]
    cmd += list(options.extra)
    cmd += program.command(ignore_profiler_api=True)
    return cmd, program.env()


def import_command(report: str, ncu: str = "ncu") -> list[str]:
    """Print a saved ``.ncu-rep`` report as the same CSV (used when the log holds no rows)."""
    return [ncu, "--import", report, "--csv", "--print-units", "base", "--page", "details"]


# ---------------------------------------------------------------------------------------------------------- parsing
def _number(text: str) -> float:
    t = text.strip().replace(",", "")
    if not t or t.lower() in ("n/a", "nan"):
        return math.nan
    return float(t)


def _int_or_none(text: str | None) -> int | None:
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return None


def _to_ms(value: float, unit: str, where: str) -> float:
    factor = _TO_MS.get(unit.strip().lower())
    if factor is None:
        raise ProfilerError(f"ncu reported {where} in the unit {unit!r}, which wprof cannot convert to ms.")
    return value * factor


def _csv_rows(text: str) -> list[list[str]]:
    """CSV rows from ncu's output, from the header row on; ncu's own ``==PROF==`` lines are dropped."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("==")]
    for i, ln in enumerate(lines):
        if ln.lstrip().startswith('"ID"'):
            return list(csv.reader(io.StringIO("\n".join(lines[i:]))))
    return []


def parse_csv(text: str, metric: str = METRIC) -> list[KernelLaunch]:
    """Launches from ``ncu --csv --print-units base`` output: the ``details`` page (a row per launch and metric) or
    the ``raw`` page (a column per metric, units in the second row). Text without a CSV table gives ``[]``.
    """
    rows = _csv_rows(text)
    if not rows:
        return []
    header = [h.strip() for h in rows[0]]
    col = {h: i for i, h in enumerate(header)}
    name_col = next((col[n] for n in _NAME_COLUMNS if n in col), None)
    if name_col is None:
        raise ProfilerError(f"ncu's CSV has no kernel-name column (header: {', '.join(header[:12])}).")

    def get(row: list[str], name: str) -> str | None:
        i = col.get(name)
        return row[i] if i is not None and i < len(row) else None

    launches: list[KernelLaunch] = []
    if "Metric Name" in col and "Metric Value" in col:  # details page
        for row in rows[1:]:
            if len(row) < len(header) or row[col["Metric Name"]].strip() != metric:
                continue
            value = _number(row[col["Metric Value"]])
            unit = get(row, "Metric Unit") or "ns"
            launches.append(_launch(row, get, name_col, _to_ms(value, unit, metric)))
    elif metric in col:  # raw page
        body = rows[1:]
        unit = "ns"
        if body and _int_or_none(body[0][0]) is None:  # the units row
            unit = body[0][col[metric]] or "ns"
            body = body[1:]
        for row in body:
            if len(row) < len(header):
                continue
            launches.append(_launch(row, get, name_col, _to_ms(_number(row[col[metric]]), unit, metric)))
    else:
        raise ProfilerError(f"ncu's CSV has no values of the metric {metric!r}; was it run with --metrics {metric}?")
    return launches


def _launch(row: list[str], get: Any, name_col: int, duration_ms: float) -> KernelLaunch:
    return KernelLaunch(
        id=_int_or_none(get(row, "ID")) or 0,
        name=row[name_col],
        duration_ms=duration_ms,
        stream=get(row, "Stream"),
        grid=get(row, "Grid Size"),
        block=get(row, "Block Size"),
        process_id=_int_or_none(get(row, "Process ID")),
    )


# -------------------------------------------------------------------------------------------------------------- run
_HINTS = (
    ("ERR_NVGPUCTRPERM", "ncu may not read GPU performance counters as this user: run as root, or allow it "
                         "(NVreg_RestrictProfilingToAdminUsers=0), see https://developer.nvidia.com/ERR_NVGPUCTRPERM"),
)


def _no_kernels_hint(program: Program) -> str:
    if program.window == "gauge":
        return ("the Gauge's window never opened: the loop may have fewer than warmup + iters iterations "
                "(lower --warmup/--iters), or the script ran without the Gauge")
    if program.window == "api":
        return "the program never called torch.cuda.profiler.start() (cudaProfilerStart); use --window all"
    if program.window == "all":
        return ("the program launched no CUDA kernel before a native cudaProfilerStop (which ncu always honours), "
                "or the NVTX/kernel filters matched none")
    return "the program launched no CUDA kernel (or the NVTX/kernel filters matched none)"


def run_ncu(program: Program, options: NcuOptions, ncu: str, *, created_utc: str = "",
            wprof_version: str = "") -> NcuResult:
    """Run ncu over the program's window and parse its per-launch durations.

    Raises TargetError for a missing script, ProfilerError when ncu fails or profiles no kernel (with the reason
    ncu gave, or the likely one).
    """
    program.check()
    cmd, env = build_ncu_command(program, options, ncu)
    log = Path(options.log_file)
    log.parent.mkdir(parents=True, exist_ok=True)
    if log.exists():
        log.unlink()  # ncu appends to an existing log
    rc = subprocess.run(cmd, env={**os.environ, **env}).returncode
    text = log.read_text(errors="replace") if log.exists() else ""
    launches = parse_csv(text, options.metrics[0])
    if not launches and options.export and Path(_rep(options.export)).exists():
        out = subprocess.run(import_command(_rep(options.export), ncu), capture_output=True, text=True)
        launches = parse_csv(out.stdout, options.metrics[0])
    if not launches:
        hint = next((h for key, h in _HINTS if key in text), None) or _no_kernels_hint(program)
        tail = " | ".join(ln.strip() for ln in text.splitlines()[-3:] if ln.strip())
        raise ProfilerError(
            f"ncu profiled no kernel (exit code {rc}): {hint}."
            + (f" ncu said: {tail}" if tail else "")
            + f" Command: {shell_line(cmd, env)}"
        )
    warnings = []
    if rc != 0:
        warnings.append(f"the profiled program exited with code {rc}; the launches before that are kept")
    return NcuResult(
        command=tuple(cmd), window=program.window, metric=options.metrics[0], launches=tuple(launches),
        created_utc=created_utc, warnings=tuple(warnings), wprof_version=wprof_version,
    )


def _rep(path: str) -> str:
    return path if path.endswith(".ncu-rep") else path + ".ncu-rep"


# ----------------------------------------------------------------------------------------------------------- render
def format_table(result: NcuResult, *, width: int = 72, limit: int | None = 30) -> str:
    """A plain-text per-kernel table (durations in µs), largest total first: ``wprof report``'s lines."""
    from ..report._doc import text_lines
    from ..report.ncu import blocks

    return "\n".join(text_lines(blocks(result, name_width=width, limit=limit)))
