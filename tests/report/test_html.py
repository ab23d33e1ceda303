"""The HTML pages in-process: every kind renders, user strings are escaped, nothing comes from the network, the plots
and the key numbers are there, matplotlib stays out of light imports, and the CLI writes the page."""

import html
import json
import re
import subprocess
import sys

import pytest

from wprof.cli import main
from wprof.stats import fmt_ms

from .conftest import HOSTILE, KINDS


def _text(path):
    return path.read_text(encoding="utf-8")


def key_numbers(kind, r):
    """Numbers the page must show, computed here from the result's own samples and sections."""
    if kind == "loop":
        return [fmt_ms(r.summary(k).median) for k in ("iter_ms", "data_ms", "step_ms")] + [
            f"{r.mfu['mfu'] * 100:.1f}%", "data-bound", "rank 1 (slowest)"]
    if kind == "bench":
        s = r.summary
        return [fmt_ms(s.median), fmt_ms(s.ci95_low), fmt_ms(s.ci95_high), fmt_ms(r.pilots.eager_ms),
                fmt_ms(r.isolated.isolated_ms), fmt_ms(r.floor.floor_ms), fmt_ms(r.kernels.rows[0].ms_per_call),
                fmt_ms(r.crosscheck.wall_ms), fmt_ms(r.power.cool_ms)]
    if kind == "compare":
        return [f"{r.ratio:.4f}x", f"{r.ci95_low:.4f}", f"{r.ci95_high:.4f}", r.verdict]
    if kind == "sweep":
        out = []
        for p in r.points:
            if p.result is not None:
                t = p.result.throughput
                out += [fmt_ms(p.result.summary.median), f"{t['tflop_per_s']:.4g}",
                        f"{100 * t['peak_flops_fraction']:.1f}%"]
        return out + ["CUDA out of memory"]  # the failed point's error
    if kind == "sweep_compare":
        return [f"{p.comparison.ratio:.4f}x" for p in r.points if p.comparison is not None]
    raise AssertionError(kind)


# plots each page must carry (inline <svg>): loop: iterations, distributions, telemetry, phases, ranks;
# bench: samples, distributions, methods, telemetry, kernels; compare: ratio, distributions; sweep: time, TFLOP/s, GB/s,
# roofline; sweep compare: ratio against n, every point
MIN_PLOTS = {"loop": 5, "bench": 5, "compare": 2, "sweep": 4, "sweep_compare": 2}


@pytest.mark.parametrize("kind", KINDS)
def test_page_is_self_contained_escaped_and_complete(kind, pages, results):
    text = _text(pages[kind])
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    # nothing from the network: no src/href to a URL, no script at all, a CSP that forbids loads
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:|//)""", text, re.I)
    assert "<script" not in text.lower()
    assert "default-src 'none'" in text
    # the hostile name shows as text, escaped, wherever it appears (HTML and inside the SVG plots)
    assert "<img src=x" not in text and "</title><script>" not in text
    assert html.escape(HOSTILE, quote=True) in text
    assert text.count("<svg") >= MIN_PLOTS[kind], text.count("<svg")
    for number in key_numbers(kind, results[kind]):
        assert html.escape(number) in text, number


def test_svg_ids_are_unique_across_plots_of_one_page(pages):
    text = _text(pages["bench"])
    ids = re.findall(r'\sid="([^"]+)"', text)
    assert ids and len(ids) == len(set(ids))


def test_loop_page_shows_warmup_apart_and_never_iter_minus_data(pages, results):
    text = _text(pages["loop"])
    r = results["loop"]
    assert f"{r.warmup['iterations']} iterations excluded" in text
    assert "first step" in text and "compute = iter - data" not in text


def test_sweep_throughput_matches_the_hardware_table(results):
    from wprof import hardware

    r = results["sweep"]
    p = next(p for p in r.points if p.result is not None and p.params["n"] == 8192)
    t = p.result.throughput
    flops = 2 * 8192**3
    assert t["tflop_per_s"] == pytest.approx(flops / (p.result.summary.median / 1e3) / 1e12)
    peak = hardware.peak_flops("NVIDIA H200", "bf16") / 1e12
    assert t["peak"]["tflop_per_s"] == peak and t["peak_flops_fraction"] == pytest.approx(t["tflop_per_s"] / peak)
    # intensity 2n^3 / (3 n^2 x 2 bytes) = n/3 FLOP/B, far above the H200's ridge (989.5e12 / 4.8e12 = 206 FLOP/B)
    assert t["intensity_flop_per_byte"] == pytest.approx(8192 / 3) and t["bound"] == "compute"
    small = next(p for p in r.points if p.result is not None and p.params["n"] == 1024).result.throughput
    assert small["intensity_flop_per_byte"] > small["ridge_flop_per_byte"] == pytest.approx(989.5 / 4.8)


def test_round_trip_through_the_file_keeps_the_page(results, tmp_path):
    from wprof.report.html import render_html
    from wprof.results import load_result

    for kind in ("sweep", "sweep_compare"):
        path = results[kind].save(tmp_path / f"{kind}.json")
        again = load_result(path)
        assert type(again) is type(results[kind])
        assert again.to_dict() == json.loads(path.read_text())
    assert render_html(again).count("<svg") >= MIN_PLOTS["sweep_compare"]


def test_report_html_cli(results, tmp_path, capsys):
    src = results["compare"].save(tmp_path / "c.json")
    out = tmp_path / "deep" / "c.html"
    assert main(["report", str(src), "--html", str(out)]) == 0
    assert "<svg" in out.read_text() and f"saved {out}" in capsys.readouterr().out
    assert main(["report", str(src), "--html", str(tmp_path)]) == 7  # a directory: one line, exit code 7
    err = capsys.readouterr().err
    assert err.startswith("wprof: error: --html") and "is a directory" in err


def test_compare_cli_html_for_two_sweeps(results, tmp_path, capsys):
    from . import results_made as made

    a = made.sweep("k").save(tmp_path / "a.json")
    b = made.sweep("k", seed=5, speed=0.8).save(tmp_path / "b.json")  # B 20% slower everywhere
    out = tmp_path / "cmp.html"
    code = main(["compare", str(a), str(b), "--html", str(out), "--json", str(tmp_path / "c.json"),
                 "--fail-if-slower", "5"])
    text = capsys.readouterr().out
    assert code == 1 and "FAIL: B is significantly slower at 8 point(s)" in text
    assert "slower" in out.read_text() and out.read_text().count("<svg") >= 2
    bench = results["bench"].save(tmp_path / "one.json")
    assert main(["compare", str(a), str(bench)]) == 7
    assert "compare two sweeps" in capsys.readouterr().err


def test_html_modules_import_no_matplotlib_and_render_without_pyplot():
    probe = (
        "import sys, wprof.report.html, wprof.report.html_bench, wprof.report.html_loop, wprof.report.html_sweep, "
        "wprof.report.plots, wprof.commands.bench, wprof.benchmark.sweep\n"
        "assert 'matplotlib' not in sys.modules, 'matplotlib imported at module level'\n"
        "from wprof.report import plots\n"
        "svg = plots.bar_plot([('a', 1.0, '#000000')], title='t')\n"
        "assert svg.startswith('<svg') and 'matplotlib' in sys.modules\n"
        "assert 'matplotlib.pyplot' not in sys.modules, 'pyplot (a global backend) was used'\n"
        "import matplotlib; print(matplotlib.get_backend())\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


H200 = ("h200-matmul-sweep.json", "h200-nanogpt-loop.json", "h200-add.json")


@pytest.mark.parametrize("name", H200)
def test_real_h200_results_render_without_matplotlib_warnings(name):
    """Results from the H200 (2026-11-30, examples/ on driver 580.159.04) render with every plot laid out (matplotlib
    warns when a plot's axes collapse: an error here). The loop ran on one rank: no ranks plot."""
    import pathlib
    import warnings

    pytest.importorskip("matplotlib")
    from wprof.report.html import render_html
    from wprof.results import load_result

    r = load_result(pathlib.Path(__file__).parent / "data" / name)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = render_html(r)
    assert text.count("<svg") >= {"h200-matmul-sweep.json": 4, "h200-nanogpt-loop.json": 4, "h200-add.json": 4}[name]
    assert "NVIDIA H200" in text


def test_run_html_writes_the_loop_page(tmp_path, capsys, monkeypatch):
    pytest.importorskip("matplotlib")
    script = tmp_path / "tr.py"
    script.write_text("import time\ndata = list(range(9))\nfor batch in data:\n    time.sleep(0.001)\n")
    out = tmp_path / "page.html"
    monkeypatch.chdir(tmp_path)
    code = main(["run", "--loop", "tr.py:3", "--mode", "host", "--warmup", "2", "--iters", "5", "--out-dir",
                 str(tmp_path / "res"), "--html", str(out), "--", str(script)])
    assert code == 0 and f"report: {out}" in capsys.readouterr().err
    text = out.read_text()
    assert "wprof loop" in text and text.count("<svg") >= 2 and "5 iterations" in text


def test_every_kind_has_an_html_page_and_the_stored_results_render():
    """Every registered kind names its page; the result files other tests keep (every kind, old schemas too)
    render with every plot laid out."""
    import pathlib
    import warnings

    pytest.importorskip("matplotlib")
    from wprof.report.html import render_html
    from wprof.results import load_result, registry

    for kind in registry.KINDS.values():
        assert callable(registry.html_page(kind)), kind.name
    data = pathlib.Path(__file__).parent.parent / "results" / "data"
    files = sorted(data.glob("*.json"))
    assert {f.name.split("-")[0] for f in files} >= {"bench", "compare", "loop", "ncu"}
    for f in files:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            text = render_html(load_result(f))
        assert text.startswith("<!DOCTYPE html>") and "<script" not in text.lower(), f.name
