"""Run Nsight Systems over exactly the iterations that matter, and the program-under-a-profiler logic ncu shares.

How the window is restricted (``Program.window``):

- ``"gauge"`` (default): the script runs under ``python -m wprof run`` with ``WPROF="<warmup>,<iters>;--exit"`` in
  its environment; the Gauge calls ``torch.cuda.profiler.start()`` at its window's first measured iteration and
  ``stop()`` after the last one, and the profiler captures only that span (``nsys --capture-range=cudaProfilerApi``,
  ``ncu --profile-from-start off``).
- ``"api"``: the program calls ``cudaProfilerStart/Stop`` itself (``torch.cuda.profiler.start/stop``); it runs as
  ``python script.py args`` with the same capture settings.
- ``"all"``: no restriction; everything from the program's start is captured. cudaProfilerStop stops ncu even
  without ``--profile-from-start off`` (measured on the H200, 2026-11-30: the launches after the program's stop were
  not profiled), so ``wprof ncu --window all`` runs the program through :func:`run_ignoring_profiler_api`, which makes
  ``torch.cuda.profiler.start/stop`` (the Gauge's and the program's own) do nothing. A native call
  (``torch.cuda.cudart().cudaProfilerStop()``, a C++ extension, CUDA Python) still stops ncu.

With ``nvtx_phases`` the child's ``WPROF`` gets the ``--nvtx-phases`` token: ``wprof run`` then calls
:func:`wprof.nvtx.annotate_phases` (every top-level forward, the backward pass, every optimizer step) before the
script starts, so nsys shows phase ranges and ncu can filter on them without a code change.

Nothing here imports torch. The profiler runs as a child process with the environment shown in the printed command.
"""

from __future__ import annotations

import glob
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ProfilerError, TargetError, UsageError

__all__ = [
    "WINDOWS",
    "Program",
    "NsysOptions",
    "NsysRun",
    "gauge_wprof_value",
    "find_tool",
    "shell_line",
    "build_nsys_command",
    "nsys_stats_command",
    "run_nsys",
    "missing_tool_error",
    "NSYS_GLOBS",
    "IGNORE_PROFILER_API_CODE",
    "run_ignoring_profiler_api",
]

WINDOWS = ("gauge", "api", "all")
NSYS_TRACE = "cuda,nvtx,osrt"
# Where Nsight tools live when they are not on PATH (CUDA toolkit and standalone installers).
NSYS_GLOBS = (
    "/opt/nvidia/nsight-systems/*/bin/nsys",
    "/usr/local/cuda*/bin/nsys",
    "/usr/local/cuda*/nsight-systems*/bin/nsys",
)


# The ``python -c`` code of the launcher that keeps the program's profiler API calls from gating the profiler.
IGNORE_PROFILER_API_CODE = "import wprof.profilers.nsys as m; m.run_ignoring_profiler_api()"


def run_ignoring_profiler_api(argv: Sequence[str] | None = None) -> None:
    """Run ``script.py args`` or ``-m module args`` (``sys.argv[1:]`` by default) as ``__main__`` with
    ``torch.cuda.profiler.start()`` and ``stop()`` replaced by functions that do nothing.

    For ``wprof ncu --window all``: ncu honours cudaProfilerStop even when profiling from the start, so a program that
    calls it (itself, or through the Gauge) would hide every launch after it. Native calls are not intercepted.
    """
    import importlib.util
    import runpy

    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--"]:
        args = args[1:]
    if not args or (args[0] == "-m" and len(args) < 2):
        raise SystemExit("wprof: error: no program given to run_ignoring_profiler_api (script.py or -m module).")
    if importlib.util.find_spec("torch") is not None:
        import torch.cuda.profiler as tcp

        told = []

        def _ignored(which: str):
            def call(*_a: object, **_k: object) -> None:
                if which not in told:
                    told.append(which)
                    print(f"[wprof] --window all: ignored torch.cuda.profiler.{which}() so that the profiler keeps "
                          "profiling", file=sys.stderr)
            return call

        tcp.start = _ignored("start")
        tcp.stop = _ignored("stop")
    if args[0] == "-m":
        sys.argv = [args[1], *args[2:]]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = list(args)
        sys.path.insert(0, os.path.dirname(os.path.abspath(args[0])))
        runpy.run_path(args[0], run_name="__main__")


def gauge_wprof_value(warmup: int, iters: int, exit_after: bool = True) -> str:
    """The ``WPROF`` value that makes the Gauge open its window after ``warmup`` iterations for ``iters`` iterations.

    The one place that spells the Gauge's environment grammar for the profilers (``"5,30;--exit"``).
    """
    value = f"{warmup},{iters}"
    return value + ";--exit" if exit_after else value


@dataclass(frozen=True)
class Program:
    """The Python program a profiler runs: ``("script.py", *args)`` or ``("-m", "module", *args)``."""

    argv: tuple[str, ...]
    window: str = "gauge"
    warmup: int = 5
    iters: int = 30
    exit_after: bool = True
    python: str = field(default_factory=lambda: sys.executable or "python3")
    wprof: str | None = None  # a verbatim WPROF value for the child (overrides warmup/iters/exit_after)
    nvtx_phases: bool = False  # ask ``wprof run`` for forward/backward/optimizer NVTX ranges (WPROF --nvtx-phases)

    def __post_init__(self) -> None:
        argv = tuple(self.argv)
        if argv[:1] == ("--",):
            argv = argv[1:]
        object.__setattr__(self, "argv", argv)
        if not argv or (argv[0] == "-m" and len(argv) < 2):
            raise UsageError(
                "no program to profile: give it after '--', e.g. 'wprof nsys -- train.py --lr 3e-4' "
                "or 'wprof ncu -- -m pkg.train'."
            )
        if argv[0].startswith("-") and argv[0] != "-m":
            raise UsageError(
                f"the program after '--' starts with the option {argv[0]!r}; give a script path or '-m module'."
            )
        if self.window not in WINDOWS:
            raise UsageError(f"window {self.window!r} is not one of {', '.join(WINDOWS)}.")
        if self.warmup < 0:
            raise UsageError(f"--warmup {self.warmup} is negative; give 0 or more iterations.")
        if self.iters <= 0:
            raise UsageError(f"--iters {self.iters} must be at least 1 (the number of iterations in the window).")

    @property
    def is_module(self) -> bool:
        return self.argv[0] == "-m"

    def check(self) -> None:
        """Raise TargetError when the script does not exist (modules are found by Python at run time)."""
        if not self.is_module and not Path(self.argv[0]).is_file():
            raise TargetError(f"script {self.argv[0]!r} not found (from {os.getcwd()}); check the path.")

    def command(self, ignore_profiler_api: bool = False) -> list[str]:
        """The child's argv: under ``python -m wprof run`` for the gauge window, else the plain program
        (``ignore_profiler_api``: through :func:`run_ignoring_profiler_api`, only for the ``all`` window)."""
        if self.window != "gauge":
            if ignore_profiler_api and self.window == "all":
                return [self.python, "-c", IGNORE_PROFILER_API_CODE, *self.argv]
            return [self.python, *self.argv]
        if self.is_module:
            return [self.python, "-m", "wprof", "run", *self.argv]
        return [self.python, "-m", "wprof", "run", "--", *self.argv]

    def env(self) -> dict[str, str]:
        """Environment variables the child needs on top of the caller's."""
        if self.window != "gauge":
            return {}
        value = self.wprof if self.wprof is not None else gauge_wprof_value(self.warmup, self.iters, self.exit_after)
        if self.nvtx_phases:  # one variable: the phases switch joins the gauge's tokens
            value = f"{value};--nvtx-phases" if value else "--nvtx-phases"
        return {"WPROF": value}


def find_tool(name: str, explicit: str | None = None, globs: Sequence[str] = ()) -> str | None:
    """Path of an executable: ``explicit`` if given (must exist), else PATH, else the newest match of ``globs``."""
    if explicit:
        found = shutil.which(explicit)
        if found is None:
            raise ProfilerError(f"{name} executable {explicit!r} not found or not executable; fix the path.")
        return found
    found = shutil.which(name)
    if found:
        return found
    for pattern in globs:
        matches = sorted(p for p in glob.glob(pattern) if os.access(p, os.X_OK))
        if matches:
            return matches[-1]
    return None


def shell_line(cmd: Sequence[str], env: Mapping[str, str] | None = None) -> str:
    """One copy-pasteable shell line: ``VAR=value ... cmd args`` with POSIX quoting."""
    prefix = [f"{k}={shlex.quote(v)}" for k, v in (env or {}).items()]
    return " ".join([*prefix, shlex.join(list(cmd))])


@dataclass(frozen=True)
class NsysOptions:
    """``nsys profile`` settings. ``nvtx_capture`` (``range@domain``, nsys's order) replaces the window."""

    output: str = "wprof-nsys"
    trace: str = NSYS_TRACE
    nvtx_capture: str | None = None
    stats: bool = False
    extra: tuple[str, ...] = ()


def build_nsys_command(program: Program, options: NsysOptions, nsys: str = "nsys") -> tuple[list[str], dict[str, str]]:
    """The ``nsys profile`` argv and the extra environment, restricted to the program's window."""
    cmd = [nsys, "profile", "-t", options.trace, "-o", options.output, "--force-overwrite", "true"]
    env = program.env()
    if options.nvtx_capture:
        cmd += ["--capture-range=nvtx", f"--nvtx-capture={options.nvtx_capture}", "--capture-range-end=stop"]
        # torch.cuda.nvtx messages are unregistered strings; nsys matches only registered ones unless told not to.
        env["NSYS_NVTX_PROFILER_REGISTER_ONLY"] = "0"
    elif program.window != "all":
        cmd += ["--capture-range=cudaProfilerApi", "--capture-range-end=stop"]
    if options.stats:
        cmd.append("--stats=true")
    cmd += list(options.extra)
    cmd += program.command()
    return cmd, env


def nsys_stats_command(report: str, nsys: str = "nsys") -> list[str]:
    """Kernel and NVTX summaries of a report (report names of nsys 2023 and later)."""
    return [nsys, "stats", "--report", "cuda_gpu_kern_sum,nvtx_sum", report]


@dataclass(frozen=True)
class NsysRun:
    """What ``run_nsys`` ran and where the report is."""

    command: tuple[str, ...]
    env: dict[str, str]
    report: str
    returncode: int


def missing_tool_error(tool: str, product: str, where: str, flag: str) -> ProfilerError:
    """The error for a profiler that is not installed (the caller has printed the command it would run)."""
    return ProfilerError(
        f"{tool} ({product}) is not installed here (not on PATH, nor under {where}); the command printed above is "
        f"what would run: install {product}, or pass {flag} PATH, or run that command where it is installed."
    )


def run_nsys(program: Program, options: NsysOptions, nsys: str) -> NsysRun:
    """Run ``nsys profile`` (the executable ``nsys``) over the program's window; the report is ``<output>.nsys-rep``.

    Raises TargetError for a missing script and ProfilerError when nsys exits with an error.
    """
    program.check()
    cmd, env = build_nsys_command(program, options, nsys)
    report = options.output if options.output.endswith(".nsys-rep") else options.output + ".nsys-rep"
    rc = subprocess.run(cmd, env={**os.environ, **env}).returncode
    if rc != 0:
        raise ProfilerError(f"nsys exited with code {rc} (command: {shell_line(cmd, env)}); see its messages above.")
    return NsysRun(tuple(cmd), env, report, rc)
