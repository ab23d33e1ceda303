"""`wprof lint` reads a file's local imports: small checkouts of our own in tests/lint/projects/, linted as a user
would (`wprof lint <file>` in the checkout). The findings must equal the `# expect:` markers (files without markers
stay silent), the imported modules are read but never reported, each is read once per run, and what is outside the
project (or unreadable) is skipped silently."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from expect_markers import expected

# a mistake inside a helper of the project, reported at the linted file's call when the helper is not linted too
EXPECT_ALONE = re.compile(r"#\s*expect-alone:\s*([A-Z0-9, ]+)")

from wprof.cli import main
from wprof.lint import _project
from wprof.lint._engine import lint_file, lint_paths, select_rules
from wprof.lint._project import Project

HERE = Path(__file__).parent / "projects"
FILES = sorted(p for p in HERE.rglob("*") if p.suffix in (".py", ".ipynb") and p.name != "broken.py")
RULES = select_rules(["default"], extend_select=["WP105"])  # WP105 opt-in since the thirteenth session, still
# judged through imports here


def found(results) -> set[tuple[int | None, int, str]]:
    return {(d.cell, d.line, d.code) for r in results for d in r.diagnostics}


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(HERE)))
def test_file_linted_with_its_imports(path):
    res = lint_file(path, RULES)
    assert not res.errors, res.errors
    assert found([res]) == expected(path) | expected(path, EXPECT_ALONE)


@pytest.mark.parametrize("project", sorted(p for p in HERE.iterdir() if p.is_dir()), ids=lambda p: p.name)
def test_a_whole_checkout_gives_the_same_findings_each_in_its_own_file(project):
    results = lint_paths([str(project)], extend_select=["WP105"])
    by_file = {Path(r.path).resolve(): {(d.cell, d.line, d.code) for d in r.diagnostics} for r in results}
    for path, got in by_file.items():
        assert got == expected(path), path  # a helper linted too: its mistake is reported there, not at the calls


def test_the_findings_come_from_reading_the_imported_modules():
    """Read alone (imports not followed), the helpers are opaque: the samples, the GPU work and the sync they hold
    are not seen, and the findings that rest on them go (or, for a sync not seen, a false one comes)."""
    off = Project(enabled=False)
    alone = {p.name: found([lint_file(p, RULES, project=off)]) for p in FILES}
    assert alone["run_mean_only.py"] == set()
    assert alone["bench_cold.py"] == set()
    assert alone["cold_first_call.ipynb"] == set()
    assert alone["train_synced.py"] == {(None, 17, "WP102")}  # `wait_for_gpu()` not seen to synchronize
    assert alone["profile_host_timers.py"] == set()  # the project's timers are not known to read a clock
    assert alone["bench_first_call.py"] == {(None, 13, "WP103")}  # not known to be compiled: a cold call, not WP112
    assert alone["first_launch.py"] == {(None, 11, "WP103"), (None, 12, "WP102")}  # not known to compile: a cold
    # call, not WP112 (its print no longer says "first call", which since libwaits silences WP102 and WP112 as well)
    assert alone["bench.py"] == set()  # `from tools import *`: the helper's samples are not seen
    assert alone["bench_harness.py"] == {(None, 12, "WP103"), (None, 13, "WP102")}  # not known to warm up, nor to wait


def test_each_module_is_read_once_per_run(monkeypatch):
    parsed: list[str] = []
    real = ast.parse

    def counting(source, filename="<unknown>", *a, **k):
        parsed.append(str(filename))
        return real(source, filename, *a, **k)

    monkeypatch.setattr(_project.ast, "parse", counting)
    project = Project()
    files = sorted((HERE / "samples_helper").rglob("run_*.py"))
    for p in files * 2:  # the same files twice in one run: the helper module is still read once
        lint_file(p, RULES, project=project)
    names = [Path(f).name for f in parsed]  # (the linted files themselves are parsed each time they are linted)
    assert names.count("timing.py") == 1 and names.count("run_mean_only.py") == 2
    assert project.read == 1


def test_nothing_outside_the_project_is_read():
    importer = HERE / "bounds" / "proj" / "inner" / "run.py"
    project = Project()
    assert project.find_module(importer, ("helper_above",), 0) is None  # above the root (bounds/proj/setup.cfg)
    assert project.find_module(importer, ("helper_above",), 3) is None  # a relative import past the root
    assert project.find_module(importer, ("broken",), 0) == importer.with_name("broken.py")
    assert project.context(importer.with_name("broken.py"), 0) is None  # a syntax error: skipped, no error
    assert project.find_module(importer, ("torch",), 0) is None  # never a library, even with a local namesake
    assert project.find_module(importer, ("os",), 0) is None


def test_a_package_is_found_before_a_module_and_the_src_layout(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "src" / "mylib").mkdir(parents=True)
    (tmp_path / "src" / "mylib" / "__init__.py").write_text("def f():\n    pass\n")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "helpers").mkdir()
    (tmp_path / "tools" / "helpers" / "__init__.py").write_text("")
    (tmp_path / "tools" / "helpers.py").write_text("")
    script = tmp_path / "tools" / "bench.py"
    project = Project()
    assert project.find_module(script, ("mylib",), 0) == tmp_path / "src" / "mylib" / "__init__.py"
    assert project.find_module(script, ("helpers",), 0) == tmp_path / "tools" / "helpers" / "__init__.py"
    assert project.find_module(script, ("missing",), 0) is None


def test_the_import_chain_is_bounded(tmp_path, monkeypatch):
    """A name re-exported through more modules than MAX_DEPTH is not followed to its definition."""
    (tmp_path / "setup.py").write_text("")
    (tmp_path / "m0.py").write_text("import torch\ndef wait():\n    torch.cuda.synchronize()\n")
    for i in range(1, 6):
        (tmp_path / f"m{i}.py").write_text(f"from m{i - 1} import wait\n")
    src = ("import time\nimport torch\nfrom m{} import wait\nx = torch.ones(8, device='cuda')\nfor _ in range(3):\n"
           "    x @ x\nwait()\nt0 = time.perf_counter()\nfor _ in range(9):\n    x @ x\nwait()\n"
           "print(time.perf_counter() - t0)\n")
    near, far = tmp_path / "near.py", tmp_path / "far.py"
    near.write_text(src.format(1))
    far.write_text(src.format(5))
    assert found([lint_file(near, RULES)]) == set()  # m1 -> m0: read, it waits
    assert found([lint_file(far, RULES)]) == {(None, 12, "WP102")}  # m5 -> ... -> m0: past the bound, unknown


def test_option_and_config_turn_it_off(tmp_path, capsys):
    root = HERE / "samples_helper"
    target = str(root / "bench" / "run_mean_only.py")
    assert main(["lint", "--exit-zero", "--extend-select", "WP105", target]) == 0
    assert "WP105" in capsys.readouterr().out
    assert main(["lint", "--extend-select", "WP105", "--no-follow-imports", target]) == 0
    assert "All checks passed" in capsys.readouterr().out
    cfg = tmp_path / "pyproject.toml"
    cfg.write_text("[tool.wprof.lint]\nfollow-imports = false\n")
    assert main(["lint", "--extend-select", "WP105", "--config", str(cfg), target]) == 0
    assert "All checks passed" in capsys.readouterr().out
    cfg.write_text("[tool.wprof.lint]\nfollow-imports = \"no\"\n")
    assert main(["lint", "--config", str(cfg), target]) == 2
    assert "follow-imports" in capsys.readouterr().err


def test_a_helper_mistake_is_reported_once_per_linted_file_naming_the_helper(tmp_path, capsys):
    root = HERE / "helper_mistake"
    res = lint_file(root / "softmax_kernel.py", RULES)
    (d,) = [x for x in res.diagnostics if x.code == "WP105"]  # (and WP101 at the call: the op handed there is short)
    assert d.code == "WP105" and d.line == 8 and d.fix is None  # the first call only, not the second
    assert "(in `bench`, " in d.message and "bench_utils.py:17, called here)" in d.message
    both = lint_paths([str(root / "softmax_kernel.py"), str(root / "bench_utils.py")], extend_select=["WP105"])
    assert {(Path(r.path).name, d.line) for r in both for d in r.diagnostics if d.code == "WP105"} == \
        {("bench_utils.py", 17)}
    noqa = tmp_path / "setup.cfg"
    noqa.write_text("")
    (tmp_path / "bench_utils.py").write_text((root / "bench_utils.py").read_text().replace(
        "# expect: WP105", "# noqa: WP105"))
    (tmp_path / "k.py").write_text((root / "softmax_kernel.py").read_text())
    assert [d.code for d in lint_file(tmp_path / "k.py", RULES).diagnostics] == ["WP101"]  # WP105 silenced in the
    # helper: silent at the call too
    assert lint_file(root / "softmax_kernel.py", RULES, project=Project(enabled=False)).diagnostics == []


def test_an_extension_read_from_its_sources_in_the_checkout(tmp_path):
    """`load(name, sources=[...])` and `load_inline(...)` in the file: the C++ entry decides whether the call waits."""
    (tmp_path / "setup.cfg").write_text("")
    (tmp_path / "k.cu").write_text(
        "__global__ void k(float* x) {}\n"
        "torch::Tensor run(torch::Tensor x) { k<<<1, 32>>>(x.data_ptr<float>()); cudaDeviceSynchronize(); return x; }\n"
        "torch::Tensor run_async(torch::Tensor x) { k<<<1, 32>>>(x.data_ptr<float>()); return x; }\n"
        'PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("run", &run); m.def("run_async", &run_async); }\n')
    body = ("import time\nimport torch\nfrom torch.utils.cpp_extension import load\n"
            "ext = load(name='ext', sources=['k.cu'])\nx = torch.ones(8, device='cuda')\n"
            "for _ in range(3):\n    ext.run(x)\n    ext.run_async(x)\ntorch.cuda.synchronize()\n"
            "t0 = time.perf_counter()\next.{0}(x)\nprint(time.perf_counter() - t0)\n")
    for entry, want in (("run", set()), ("run_async", {(None, 12, "WP102")})):
        script = tmp_path / f"{entry}.py"
        script.write_text(body.format(entry))
        assert found([lint_file(script, RULES)]) == want, entry
    inline = tmp_path / "inline.py"
    inline.write_text(
        "import time\nimport torch\nfrom torch.utils.cpp_extension import load_inline\n"
        "SRC = '''torch::Tensor square(torch::Tensor x) { auto y = x * x; torch::cuda::synchronize(); return y; }'''\n"
        "ext = load_inline(name='sq', cpp_sources=SRC, functions=['square'])\n"
        "x = torch.ones(8, device='cuda')\next.square(x)\ntorch.cuda.synchronize()\n"
        "t0 = time.perf_counter()\ny = ext.square(x)\nprint(time.perf_counter() - t0)\n")
    assert found([lint_file(inline, RULES)]) == set()


def test_a_round_trip_helper_silenced_at_its_synchronize_is_silent_at_its_callers(tmp_path):
    """WP101 through a helper of another module is reported at the call that hands it a short op; a `# noqa: WP101`
    at the helper's synchronize says the per-sample wait is meant, for every caller."""
    import shutil

    root = tmp_path / "proj"
    shutil.copytree(HERE / "round_trip_helper", root)
    assert {(d.line, d.code) for d in lint_file(root / "bench_events.py", RULES).diagnostics} == {(9, "WP101")}
    timing = root / "utils" / "timing.py"
    timing.write_text(timing.read_text().replace("        b.synchronize()\n", "        b.synchronize()  # noqa: WP101\n"))
    assert lint_file(root / "bench_events.py", RULES).diagnostics == []
    assert {(d.line, d.code) for d in lint_file(root / "bench_star.py", RULES).diagnostics} == {(12, "WP101")}


def test_a_script_that_reads_a_name_its_project_package_does_not_define_cannot_run(tmp_path):
    """falseclass (set 154): `@mykern.kernel("relu")` at module level, where the project package `mykern` (read, never
    imported) defines no `kernel`: AttributeError on import, nothing after it runs, nothing reported after it. The
    same script against a package that defines `kernel` (or has a `kernel` submodule) is reported."""
    (tmp_path / ".git").mkdir()
    pkg = tmp_path / "mykern"
    pkg.mkdir()
    (tmp_path / "scripts").mkdir()
    script = tmp_path / "scripts" / "bench.py"
    script.write_text(
        "import time\nimport torch\nimport mykern\n\n\n@mykern.kernel('relu')\ndef fast_relu(x):\n"
        "    return torch.relu(x)\n\n\nx = torch.randn(1 << 20, device='cuda')\nfast_relu(x)\n"
        "torch.cuda.synchronize()\nt0 = time.perf_counter()\ny = fast_relu(x)\nprint(time.perf_counter() - t0)\n")
    (pkg / "__init__.py").write_text("import torch\n\n\ndef compile_graph(g):\n    return g\n")
    assert found(lint_paths([str(script)])) == set()
    (pkg / "__init__.py").write_text("import torch\n\n\ndef kernel(name):\n    return lambda f: f\n")
    assert found(lint_paths([str(script)])) == {(None, 16, "WP102")}
    (pkg / "__init__.py").write_text("import torch\n")
    (pkg / "kernel.py").write_text("x = 1\n")
    assert found(lint_paths([str(script)])) == {(None, 16, "WP102")}


def test_a_sibling_module_named_like_the_standard_library_does_not_make_the_script_unrunnable(tmp_path):
    """A package's own `logging.py` (torch._dynamo has one) does not shadow `import logging` in the package's other
    modules: `logging.getLogger(...)` at module level is the standard library's, so the code after it runs and its
    findings stay (found linting torch's own sources, 2026-12-03: every finding after such a line was dropped)."""
    (tmp_path / ".git").mkdir()
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "logging.py").write_text("def trace(msg):\n    return msg\n")
    mod = pkg / "bench.py"
    mod.write_text(
        "import logging\nimport time\nimport torch\n\nlog = logging.getLogger(__name__)\n"
        "x = torch.randn(1 << 20, device='cuda')\ntorch.relu(x)\ntorch.cuda.synchronize()\n"
        "t0 = time.perf_counter()\ny = torch.relu(x)\nprint(time.perf_counter() - t0)\n")
    assert found(lint_paths([str(mod)])) == {(None, 11, "WP102")}
