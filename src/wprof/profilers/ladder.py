"""The escalation ladder: the next, heavier tool that would answer the user's likely next question, and its command.

Lightest tool first (DESIGN.md, law 6): gauge or bench → phases → NVTX ranges with nsys → Kineto → ncu. A report
(the gauge's, the bench's) builds :class:`LadderFacts` from what the user ran and ends with
``format_step(next_step(facts))``. Pure functions: nothing is imported, run or probed; the commands are printed even
where the tool is not installed (``wprof nsys`` / ``wprof ncu`` then print the profiler's own command and say so).

Commands use ``wprof nsys|ncu`` for the heavy tools, so the capture stays inside the Gauge's window, and the
``WPROF`` variable for Gauge options (one grammar, parsed by the Gauge).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import UsageError

__all__ = ["STEPS", "LadderFacts", "Step", "next_step", "remaining_steps", "format_step", "bench_advice",
           "advice_from_facts"]

STEPS = ("phases", "nsys", "kineto", "ncu")
KINDS = ("loop", "bench")
# Gauge defaults (warmup, iters) assumed when the facts do not say; the ncu step narrows the window to one iteration
# because ncu replays every kernel in it.
_GAUGE_DEFAULT = (5, 30)
_NCU_ITERS = 1
_NCU_BENCH_LAUNCHES = 200


@dataclass(frozen=True)
class LadderFacts:
    """What the user ran.

    - ``kind``: ``"loop"`` (a training script, timed by the Gauge) or ``"bench"`` (``wprof bench``).
    - ``argv``: for a loop, the script's argv as the user would run it (``("train.py", "--lr", "3e-4")`` or
      ``("-m", "pkg.train", ...)``); for a bench, the ``wprof`` arguments (``("bench", "ops.py:matmul", ...)``).
    - ``used``: steps already taken (names from :data:`STEPS`), e.g. ``{"phases"}`` when the loop had phases.
    - ``warmup`` / ``iters``: the Gauge's window, when not its defaults.
    - ``loop_file``: the file that holds the loop when it is not the script (a module the script imports); the
      phases step then instruments that file.
    - ``cuda``: the run had a CUDA device. Without one, nsys and ncu (which time GPU work) are not suggested.
    - ``own_gauge``: the script makes its ``wprof.Gauge`` itself (not ``wprof run``): ``wprof inject`` would refuse
      it, so the phases step says to add the phases to the script and run it again.
    """

    kind: str
    argv: tuple[str, ...]
    used: frozenset[str] = field(default_factory=frozenset)
    warmup: int | None = None
    iters: int | None = None
    loop_file: str | None = None
    cuda: bool = True
    own_gauge: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "argv": list(self.argv), "used": sorted(self.used), "warmup": self.warmup,
                "iters": self.iters, "loop_file": self.loop_file, "cuda": self.cuda, "own_gauge": self.own_gauge}

    @classmethod
    def from_dict(cls, d: dict[str, object]) -> LadderFacts:
        """Facts stored in a result (``LoopResult.ladder``); a wrong type raises UsageError or TypeError."""
        def opt_int(v: object) -> int | None:
            if v is None:
                return None
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"expected an integer, got {v!r}")
            return v

        argv, used = d.get("argv"), d.get("used", [])
        if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
            raise TypeError("ladder.argv: expected a list of strings")
        if not isinstance(used, list) or not all(isinstance(a, str) for a in used):
            raise TypeError("ladder.used: expected a list of strings")
        loop_file = d.get("loop_file")
        if loop_file is not None and not isinstance(loop_file, str):
            raise TypeError("ladder.loop_file: expected a string")
        return cls(kind=str(d.get("kind")), argv=tuple(argv), used=frozenset(used), warmup=opt_int(d.get("warmup")),
                   iters=opt_int(d.get("iters")), loop_file=loop_file, cuda=bool(d.get("cuda", True)),
                   own_gauge=bool(d.get("own_gauge", False)))

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise UsageError(f"ladder kind {self.kind!r} is not one of {', '.join(KINDS)}.")
        object.__setattr__(self, "argv", tuple(self.argv))
        object.__setattr__(self, "used", frozenset(self.used))
        unknown = sorted(self.used - set(STEPS))
        if unknown:
            raise UsageError(f"unknown ladder step(s) {', '.join(map(repr, unknown))}; known: {', '.join(STEPS)}.")
        if not self.argv:
            raise UsageError("ladder facts need the argv the user ran (script and arguments, or the bench's).")


@dataclass(frozen=True)
class Step:
    """One rung: the question it answers, what to do, and the exact command (a shell line)."""

    name: str
    question: str
    how: str
    command: str


def _join(parts: Iterable[str]) -> str:
    return shlex.join(list(parts))


def _window_flags(facts: LadderFacts, iters: int | None = None) -> list[str]:
    flags = []
    if facts.warmup is not None and facts.warmup != _GAUGE_DEFAULT[0]:
        flags += ["--warmup", str(facts.warmup)]
    it = iters if iters is not None else facts.iters
    if it is not None and (iters is not None or it != _GAUGE_DEFAULT[1]):
        flags += ["--iters", str(it)]
    return flags


def _wprof_env(facts: LadderFacts, *tokens: str) -> str:
    warmup = facts.warmup if facts.warmup is not None else _GAUGE_DEFAULT[0]
    iters = facts.iters if facts.iters is not None else _GAUGE_DEFAULT[1]
    return "WPROF=" + shlex.quote(";".join([f"{warmup},{iters}", *tokens]))


def _run_argv(argv: Sequence[str]) -> list[str]:
    """``wprof run`` arguments for a script (``-- train.py ...``) or a module (``-m pkg.train ...``)."""
    return list(argv) if argv[0] == "-m" else ["--", *argv]


def _loop_step(name: str, facts: LadderFacts) -> Step | None:
    argv = list(facts.argv)
    if name == "phases":
        clock = "from CUDA events" if facts.cuda else "on the host clock"
        if facts.own_gauge:  # the script has its gauge: `wprof inject` refuses it; the phases go into the script
            script = facts.loop_file or (argv[1] if argv[0] == "-m" else argv[0])
            return Step(
                "phases",
                "Where inside the iteration does the time go (forward, backward, optimizer)?",
                f'Wrap each part of the loop body in {script} in `with gauge.phase("forward"):` (and "backward", '
                f'"optimizer") on the wprof.Gauge it makes; the gauge then reports a per-phase table ({clock}). '
                "Then run it again:",
                _join(["python", *argv]),
            )
        if facts.loop_file:
            stem = facts.loop_file[:-3] if facts.loop_file.endswith(".py") else facts.loop_file
            cmd = _join(["wprof", "inject", facts.loop_file, "-o", f"{stem}_wprof.py"])
        elif argv[0] == "-m":
            # inject needs the module's file: find it without running the module
            find = f"import importlib.util as u; print(u.find_spec(\"{argv[1]}\").origin)"
            cmd = f"wprof inject \"$(python -c '{find}')\" -o train_wprof.py"
        else:
            stem = argv[0][:-3] if argv[0].endswith(".py") else argv[0]
            cmd = _join(["wprof", "inject", argv[0], "-o", f"{stem}_wprof.py"])
        return Step(
            "phases",
            "Where inside the iteration does the time go (forward, backward, optimizer)?",
            'Wrap each part of the loop body in `with gauge.phase("forward"):` (and "backward", "optimizer"); '
            f"the gauge then reports a per-phase table ({'from CUDA events' if facts.cuda else 'on the host clock'}). "
            "`wprof inject` writes an instrumented copy to add them to.",
            cmd,
        )
    if name == "nsys":
        return Step(
            "nsys",
            "What runs inside each phase, on which thread and stream, and where is the GPU idle?",
            "Record an Nsight Systems timeline of the gauge's window only, with NVTX ranges for forward, backward "
            "and optimizer (no code change).",
            _join(["wprof", "nsys", *_window_flags(facts), "--", *argv]),
        )
    if name == "kineto":
        return Step(
            "kineto",
            "Which operators (and input shapes) take the time inside the step?",
            "Trace the gauge's window with the PyTorch profiler (Kineto): a top-operators table and a Chrome "
            "trace.",
            f"{_wprof_env(facts, '--kineto', '--exit')} " + _join(["wprof", "run", *_run_argv(argv)]),
        )
    if name == "ncu":
        return Step(
            "ncu",
            "How long does each kernel take on the device, measured by the hardware?",
            f"Profile every kernel of {_NCU_ITERS} iteration after warmup with Nsight Compute (clocks unlocked): "
            "a per-kernel table of device durations.",
            _join(["wprof", "ncu", *_window_flags(facts, _NCU_ITERS), "--", *argv]),
        )
    return None


def _bench_step(name: str, facts: LadderFacts) -> Step | None:
    argv = list(facts.argv)
    if argv[0] == "wprof":
        argv = argv[1:]
    if name == "nsys":
        return Step(
            "nsys",
            "Which kernels does the callable launch, and is the GPU idle between them (launch-bound)?",
            "Record an Nsight Systems timeline of the benchmark.",
            _join(["wprof", "nsys", "--window", "all", "--", "-m", "wprof", *argv]),
        )
    if name == "ncu":
        return Step(
            "ncu",
            "Does the hardware agree with this timing, kernel by kernel?",
            f"Profile the first {_NCU_BENCH_LAUNCHES} kernel launches of the benchmark with Nsight Compute (clocks "
            "unlocked): each kernel's device duration, to compare with the median above.",
            _join(["wprof", "ncu", "--window", "all", "--launch-count", str(_NCU_BENCH_LAUNCHES), "--",
                   "-m", "wprof", *argv]),
        )
    return None  # phases and Kineto belong to loops


_GPU_ONLY = ("nsys", "ncu")  # they time GPU work: never suggested for a run without CUDA


def remaining_steps(facts: LadderFacts) -> list[Step]:
    """Every rung not yet taken, lightest first (without CUDA: none that times GPU work)."""
    build = _loop_step if facts.kind == "loop" else _bench_step
    steps = [build(name, facts) for name in STEPS
             if name not in facts.used and (facts.cuda or name not in _GPU_ONLY)]
    return [s for s in steps if s is not None]


def next_step(facts: LadderFacts) -> Step | None:
    """The lightest rung not yet taken, or None at the top of the ladder."""
    steps = remaining_steps(facts)
    return steps[0] if steps else None


def format_step(step: Step | None, cuda: bool = True) -> str:
    """Two lines for the end of a report: the question and what to do, then the command."""
    if step is None:
        if not cuda:
            return ("Next: nothing heavier applies: nsys and ncu time GPU work, and this run had no CUDA device "
                    "(host clock).")
        return "Next: nothing heavier to run; ncu is the top of the ladder."
    return f"Next ({step.name}): {step.question} {step.how}\n  $ {step.command}"


def advice_from_facts(facts: LadderFacts) -> str:
    """The report's closing advice for these facts (the same text live and in ``wprof report``)."""
    return format_step(next_step(facts), cuda=facts.cuda)


def bench_advice(target: str, clock: str) -> str:
    """The advice that ends a bench report, from the bench's arguments (``target``, a shell-quoted ``wprof bench``
    argument line) and its clock. Empty for a callable timed from Python (no command line to repeat)."""
    if not target:
        return ""
    try:
        argv = ("bench", *shlex.split(target))
    except ValueError:
        return ""
    return advice_from_facts(LadderFacts(kind="bench", argv=argv, cuda=clock != "host"))
