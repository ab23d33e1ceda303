"""Run Nsight Systems over exactly the iterations that matter, and the program-under-a-profiler logic ncu shares.

How the window is restricted (``Program.window``):

- ``"gauge"`` (default): the script runs under ``python -m wprof run`` with ``WPROF="<warmup>,<iters>;--exit"`` in
  its environment; the Gauge calls ``torch.cuda.profiler.start()`` at its window's first measured iteration and
  ``stop()`` after the last one, and the profiler captures only that span (``nsys --capture-range=cudaProfilerApi``,
  ``ncu --profile-from-start off``).
- ``"api"``: the program calls ``cudaProfilerStart/Stop`` itself (``torch.cuda.profiler.start/stop``); it runs as
  ``python script.py args`` with the same capture settings.
- ``"all"``: no restriction; everything from the program's start is captured.

With ``nvtx_phases`` the child gets ``WPROF_NVTX_PHASES=1``: ``wprof run`` then calls
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
]

WINDOWS = ("gauge", "api", "all")
NSYS_TRACE = "cuda,nvtx,osrt"
# Where Nsight tools live when they are not on PATH (CUDA toolkit and standalone installers).
NSYS_GLOBS = (
    "/opt/nvidia/nsight-systems/*/bin/nsys",
    "/usr/local/cuda*/bin/nsys",
    "/usr/local/cuda*/nsight-systems*/bin/nsys",
)


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
    nvtx_phases: bool = False  # ask ``wprof run`` for forward/backward/optimizer NVTX ranges (WPROF_NVTX_PHASES=1)

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

    def command(self) -> list[str]:
        """The child's argv: under ``python -m wprof run`` for the gauge window, else the plain program."""
        if self.window != "gauge":
            return [self.python, *self.argv]
        if self.is_module:
            return [self.python, "-m", "wprof", "run", *self.argv]
        return [self.python, "-m", "wprof", "run", "--", *self.argv]

    def env(self) -> dict[str, str]:
        """Environment variables the child needs on top of the caller's."""
        if self.window != "gauge":
            return {}
        env = {"WPROF": self.wprof if self.wprof is not None else gauge_wprof_value(self.warmup, self.iters,
                                                                                   self.exit_after)}
        if self.nvtx_phases:
            env["WPROF_NVTX_PHASES"] = "1"
        return env


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
