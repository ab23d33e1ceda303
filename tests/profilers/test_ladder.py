"""The escalation ladder: the next step after a gauge or bench run, and its exact command."""

from __future__ import annotations

import shlex

import pytest

from wprof.errors import UsageError
from wprof.profilers.ladder import LadderFacts, format_step, next_step, remaining_steps


def test_loop_ladder_order_and_commands():
    facts = LadderFacts("loop", ("train.py", "--lr", "3e-4"))
    steps = remaining_steps(facts)
    assert [s.name for s in steps] == ["phases", "nsys", "kineto", "ncu"]
    cmds = {s.name: s.command for s in steps}
    assert cmds["phases"] == "wprof inject train.py -o train_wprof.py"
    assert cmds["nsys"] == "wprof nsys -- train.py --lr 3e-4"
    assert cmds["kineto"] == "WPROF='5,30;--kineto;--exit' wprof run -- train.py --lr 3e-4"
    assert cmds["ncu"] == "wprof ncu --iters 1 -- train.py --lr 3e-4"


def test_phases_step_instruments_the_file_that_holds_the_loop():
    facts = LadderFacts("loop", ("train.py", "--lr", "3e-4"), loop_file="engine.py")
    cmds = {s.name: s.command for s in remaining_steps(facts)}
    assert cmds["phases"] == "wprof inject engine.py -o engine_wprof.py"
    assert cmds["nsys"] == "wprof nsys -- train.py --lr 3e-4"  # the run itself is still the script's


def test_next_step_skips_what_was_used_and_keeps_the_window():
    facts = LadderFacts("loop", ("train.py",), used={"phases"}, warmup=10, iters=50)
    step = next_step(facts)
    assert step.name == "nsys" and step.command == "wprof nsys --warmup 10 --iters 50 -- train.py"
    facts = LadderFacts("loop", ("train.py",), used={"phases", "nsys"}, warmup=10, iters=50)
    assert next_step(facts).command == "WPROF='10,50;--kineto;--exit' wprof run -- train.py"
    facts = LadderFacts("loop", ("train.py",), used={"phases", "nsys", "kineto"}, warmup=10, iters=50)
    assert next_step(facts).command == "wprof ncu --warmup 10 --iters 1 -- train.py"
    assert next_step(LadderFacts("loop", ("t.py",), used={"phases", "nsys", "kineto", "ncu"})) is None


def test_module_scripts():
    facts = LadderFacts("loop", ("-m", "pkg.train", "--x"))
    cmds = {s.name: s.command for s in remaining_steps(facts)}
    assert cmds["nsys"] == "wprof nsys -- -m pkg.train --x"
    assert cmds["kineto"] == "WPROF='5,30;--kineto;--exit' wprof run -m pkg.train --x"
    assert 'find_spec("pkg.train")' in cmds["phases"] and cmds["phases"].startswith("wprof inject ")
    assert shlex.split(cmds["phases"])[-2:] == ["-o", "train_wprof.py"]


def test_bench_ladder():
    facts = LadderFacts("bench", ("wprof", "bench", "ops.py:matmul", "--iters", "50"))
    steps = remaining_steps(facts)
    assert [s.name for s in steps] == ["nsys", "ncu"]
    assert steps[0].command == "wprof nsys --window all -- -m wprof bench ops.py:matmul --iters 50"
    assert steps[1].command == ("wprof ncu --window all --launch-count 200 -- -m wprof bench ops.py:matmul "
                                "--iters 50")
    assert next_step(LadderFacts("bench", ("bench", "x.py:f"), used={"nsys"})).name == "ncu"


def test_commands_are_quoted():
    facts = LadderFacts("loop", ("my train.py", "--name", "a b"))
    assert shlex.split(next_step(LadderFacts("loop", facts.argv, used={"phases"})).command)[-4:] == [
        "--", "my train.py", "--name", "a b"]


def test_format_step():
    text = format_step(next_step(LadderFacts("loop", ("train.py",), used={"phases"})))
    first, second = text.splitlines()
    assert first.startswith("Next (nsys): What runs inside each phase")
    assert second == "  $ wprof nsys -- train.py"
    assert "top of the ladder" in format_step(None)


@pytest.mark.parametrize("kwargs, match", [
    ({"kind": "other", "argv": ("t.py",)}, "kind"),
    ({"kind": "loop", "argv": ()}, "argv"),
    ({"kind": "loop", "argv": ("t.py",), "used": {"perf"}}, "unknown ladder step"),
])
def test_bad_facts(kwargs, match):
    with pytest.raises(UsageError, match=match):
        LadderFacts(**kwargs)


def test_a_script_that_makes_its_own_gauge_is_told_to_add_phases_not_to_inject():
    # `wprof inject` refuses a loop that already has a wprof.Gauge: the advice must not be a command that fails
    own = LadderFacts(kind="loop", argv=("train_wprof.py", "--lr", "3e-4"), cuda=False, own_gauge=True)
    step = next_step(own)
    assert step.name == "phases" and "wprof inject" not in step.command + step.how
    assert step.command == "python train_wprof.py --lr 3e-4" and "train_wprof.py" in step.how
    assert LadderFacts.from_dict(own.to_dict()) == own
    old = own.to_dict()
    del old["own_gauge"]  # a result file written before the field: wprof run's advice, as then
    assert "wprof inject" in next_step(LadderFacts.from_dict(old)).command
    module = LadderFacts(kind="loop", argv=("-m", "pkg.train"), own_gauge=True)
    assert next_step(module).command == "python -m pkg.train"
