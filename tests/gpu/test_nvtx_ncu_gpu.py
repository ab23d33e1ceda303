"""On the device: ncu sees exactly the kernels inside an annotated range, and only the window under
``--profile-from-start off``; the ``all`` window sees everything, because the program's torch.cuda.profiler calls are
turned off there (ncu honours cudaProfilerStop even when profiling from the start: a native stop still ends it).

The NVTX filters follow the backend the child uses: ``wprof@NAME/`` (domain "wprof") with the ``nvtx`` package,
``NAME/`` (default domain) with ``torch.cuda.nvtx``; start/end ranges without the slash (``wprof@backward``).

Each script launches recognizable elementwise kernels (torch's ``sin_kernel_cuda``, ``cos_kernel_cuda``,
``exp_kernel_cuda``, ``tanh_kernel_cuda``) before, inside and after a cudaProfilerStart/Stop window and an NVTX range,
and the test compares ncu's per-kernel counts with what was launched where. Run through scripts/gpu-check.sh:
``python3 -m pytest -q -m gpu tests/gpu/test_nvtx_ncu_gpu.py``.
"""

from __future__ import annotations

import os
import re
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from wprof.errors import ProfilerError
from wprof.profilers.ncu import NCU_GLOBS, NcuOptions, format_table, run_ncu
from wprof.profilers.nsys import Program, find_tool

pytestmark = pytest.mark.gpu

SRC = Path(__file__).resolve().parents[2] / "src"
TAG = re.compile(r"\b(sin|cos|exp|tanh)_kernel")

WINDOW_SCRIPT = """
import os
import torch
import wprof.nvtx as wn

x = torch.randn(1 << 20, device="cuda")
torch.cuda.synchronize()
for _ in range(3):
    torch.sin(x)                      # before the window
torch.cuda.profiler.start()
for _ in range(2):
    torch.cos(x)                      # in the window, outside the range
with wn.annotate("wprof_target"):
    for _ in range(4):
        torch.exp(x)                  # in the window, in the range
torch.cuda.profiler.stop()
for _ in range(3):
    torch.tanh(x)                     # after the window
with wn.annotate("wprof_target"):
    torch.exp(x)                      # in the range, after the window
torch.cuda.synchronize()
print("nvtx backend:", wn.backend())
open(os.environ["WPROF_TEST_BACKEND_FILE"], "w").write(wn.backend())
"""

# the same launches, with the window opened and closed by native calls, which wprof's --window all cannot intercept
NATIVE_SCRIPT = WINDOW_SCRIPT.replace("torch.cuda.profiler.start()", "torch.cuda.cudart().cudaProfilerStart()") \
                             .replace("torch.cuda.profiler.stop()", "torch.cuda.cudart().cudaProfilerStop()")

PHASES_SCRIPT = """
import os
import torch
import wprof.nvtx as wn

class Marked(torch.autograd.Function):
    # forward launches a sin kernel, backward a tanh kernel: markers for the phase ranges
    @staticmethod
    def forward(ctx, x):
        torch.sin(x)
        return x * 2

    @staticmethod
    def backward(ctx, g):
        torch.tanh(g)
        return g * 2

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(256, 256)

    def forward(self, x):
        return Marked.apply(self.lin(x))

model = Net().cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(64, 256, device="cuda")
wn.annotate_phases(model, opt)
open(os.environ["WPROF_TEST_BACKEND_FILE"], "w").write(wn.backend())

def step():
    model(x).sum().backward()
    opt.step()
    opt.zero_grad(set_to_none=False)

step()
torch.cuda.synchronize()
torch.cuda.profiler.start()
step()
torch.cuda.synchronize()
torch.cuda.profiler.stop()
"""

GAUGE_SCRIPT = """
import torch
from wprof import Gauge

x = torch.randn(1 << 20, device="cuda")
for _ in range(3):
    torch.sin(x)                      # before the loop
for _ in Gauge(range(12), global_batch_size=1):
    torch.exp(x)                      # one marker kernel per iteration
torch.cuda.synchronize()
for _ in range(3):
    torch.tanh(x)                     # after the loop
torch.cuda.synchronize()
"""


@pytest.fixture(scope="module")
def ncu():
    exe = find_tool("ncu", os.environ.get("WPROF_NCU"), NCU_GLOBS)
    if exe is None:
        pytest.skip("ncu not found (PATH, /opt/nvidia/nsight-compute/*/ncu)")
    return exe


@pytest.fixture(scope="module")
def backend():
    """The NVTX backend the child scripts get: this process has the same Python, packages and environment."""
    import wprof.nvtx as wn

    wn.set_backend(None)  # re-reads WPROF (--nvtx-backend), as the child does
    return wn.backend()


def nvtx_expr(backend: str, name: str, *, push_pop: bool = True) -> str:
    """ncu's --nvtx-include expression for a wprof.nvtx range: ``[DOMAIN@]NAME`` plus ``/`` for a push/pop range."""
    prefix = "wprof@" if backend == "nvtx" else ""  # torch.cuda.nvtx has the default domain only
    return prefix + name + ("/" if push_pop else "")


@pytest.fixture(autouse=True)
def _child_env(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")])))
    monkeypatch.delenv("WPROF", raising=False)


def _profile(ncu, tmp_path, script, name, *, window="api", include=(), launch_count=None, backend=None):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(script))
    backend_file = tmp_path / f"{name}.backend"
    program = Program(argv=(str(path),), window=window)
    options = NcuOptions(log_file=str(tmp_path / f"{name}.csv"), nvtx_include=tuple(include),
                         launch_count=launch_count)
    os.environ["WPROF_TEST_BACKEND_FILE"] = str(backend_file)
    try:
        result = run_ncu(program, options, ncu)
    finally:
        del os.environ["WPROF_TEST_BACKEND_FILE"]
    child_backend = backend_file.read_text() if backend_file.exists() else "?"
    evidence = os.environ.get("WPROF_GPU_EVIDENCE")  # scripts/gpu-check.sh keeps ncu's logs and the tables
    if evidence:
        Path(evidence).mkdir(parents=True, exist_ok=True)
        Path(evidence, f"ncu_{name}.csv").write_text(Path(options.log_file).read_text())
        head = (f"# window={window} nvtx_include={list(include)} nvtx backend in the child={child_backend}\n"
                f"# {' '.join(result.command)}\n")
        Path(evidence, f"ncu_{name}.txt").write_text(head + format_table(result, width=100) + "\n")
    if backend is not None:
        assert child_backend == backend, f"the child used the {child_backend!r} NVTX backend, expected {backend!r}"
    tags = Counter(m.group(1) for launch in result.launches if (m := TAG.search(launch.name)))
    return result, tags


def test_only_the_window_is_profiled(ncu, tmp_path):
    result, tags = _profile(ncu, tmp_path, WINDOW_SCRIPT, "window")
    assert tags == Counter({"cos": 2, "exp": 4}), [launch.name for launch in result.launches]
    assert len(result.launches) == 6  # nothing else ran in the window
    assert all(launch.duration_ms > 0 for launch in result.launches)


def test_nvtx_range_inside_the_window(ncu, tmp_path, backend):
    include = nvtx_expr(backend, "wprof_target")
    result, tags = _profile(ncu, tmp_path, WINDOW_SCRIPT, "window_nvtx", include=[include], backend=backend)
    assert tags == Counter({"exp": 4}), [launch.name for launch in result.launches]
    assert len(result.launches) == 4


def test_nvtx_range_from_the_start(ncu, tmp_path, backend):
    # the program's torch.cuda.profiler.stop() is turned off under --window all, so the range after it counts too
    include = nvtx_expr(backend, "wprof_target")
    result, tags = _profile(ncu, tmp_path, WINDOW_SCRIPT, "all_nvtx", window="all", include=[include],
                            backend=backend)
    assert tags == Counter({"exp": 5}), [launch.name for launch in result.launches]


def test_everything_from_the_start(ncu, tmp_path):
    result, tags = _profile(ncu, tmp_path, WINDOW_SCRIPT, "all", window="all")
    assert result.window == "all"
    assert tags == Counter({"sin": 3, "cos": 2, "exp": 5, "tanh": 3}), [launch.name for launch in result.launches]


def test_native_stop_still_ends_profiling_from_the_start(ncu, tmp_path):
    # ncu's own behaviour (2026-11-30, ncu 2025.3.1): without --profile-from-start off it profiles from the start,
    # and cudaProfilerStop still stops it; the native calls here are not turned off by --window all
    result, tags = _profile(ncu, tmp_path, NATIVE_SCRIPT, "all_native", window="all")
    assert tags == Counter({"sin": 3, "cos": 2, "exp": 4}), [launch.name for launch in result.launches]


def test_wrong_domain_matches_nothing(ncu, tmp_path, backend):
    # the filter must name the backend's domain: the other spelling selects no kernel
    other = "wprof_target/" if backend == "nvtx" else "wprof@wprof_target/"
    with pytest.raises(ProfilerError, match="profiled no kernel"):
        _profile(ncu, tmp_path, WINDOW_SCRIPT, "window_wrong_domain", include=[other])


@pytest.mark.parametrize("phase, push_pop, present, absent", [
    ("forward", True, "sin", "tanh"),
    ("backward", False, "tanh", "sin"),  # a start/end range: no trailing slash
    ("optimizer", True, None, "sin"),
])
def test_phase_ranges(ncu, tmp_path, backend, phase, push_pop, present, absent, request):
    if backend == "nvtx" and phase == "backward":
        request.applymarker(pytest.mark.xfail(strict=False, reason=(
            "measured on the H200, 2026-11-30 (ncu 2025.3.1, nvtx 0.2.17): ncu matched no kernel for the nvtx "
            "package's start/end range 'wprof@backward', while push/pop ranges in the same domain matched; "
            "docs/nvtx.md says to use WPROF=--nvtx-backend=torch to filter backward under ncu")))
    name = "phase_" + phase
    include = nvtx_expr(backend, phase, push_pop=push_pop)
    try:
        result, tags = _profile(ncu, tmp_path, PHASES_SCRIPT, name, include=[include], backend=backend)
    except ProfilerError as exc:
        pytest.fail(f"no kernel inside the {include!r} range: {exc}")
    names = [launch.name for launch in result.launches]
    assert result.launches, names
    if present:
        assert tags[present] == 1, names
    assert tags[absent] == 0, names
    if phase == "backward":
        assert tags["sin"] == 0 and len(result.launches) >= 3  # tanh, grad of the linear layer (gemm(s), sum)


def test_gauge_window(ncu, tmp_path, monkeypatch):
    pytest.importorskip("wprof.loop")
    from wprof import Gauge  # noqa: F401  (skip cleanly if the Gauge is not there yet)

    monkeypatch.setenv("WPROF", "3,4")
    result, tags = _profile(ncu, tmp_path, GAUGE_SCRIPT, "gauge")
    assert tags["exp"] == 4, [launch.name for launch in result.launches]
    assert tags["sin"] == 0 and tags["tanh"] == 0
