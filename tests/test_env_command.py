import importlib.util
import io
import json
import sys
from pathlib import Path

import pytest

import wprof.cli
import wprof.monitor._nvml as nvml_mod
from wprof.commands import env as env_cmd
from wprof.report import make_console

_spec = importlib.util.spec_from_file_location("fake_nvml_conftest", Path(__file__).parent / "monitor" / "conftest.py")
_fake = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fake)

U1 = "GPU-aaaaaaaa-0000-0000-0000-000000000001"


def _render(doc):
    buf = io.StringIO()
    env_cmd.render(doc, make_console(file=buf, width=140))
    return buf.getvalue()


@pytest.fixture
def h200(monkeypatch):
    """A fake device: the fingerprint names an H200 at index 0 and a fake NVML serves it."""
    import wprof.env

    def fake_fingerprint(device=None):
        return {"torch": "2.11.0", "cuda_runtime": "13.0", "device": {"index": 0, "name": "NVIDIA H200",
                "uuid": U1, "compute_capability": "9.0", "sm_count": 132, "memory_bytes": 141 * 2**30}}

    monkeypatch.setattr(wprof.env, "fingerprint", fake_fingerprint)
    mod = _fake.make_fake_nvml()
    mod.state[U1]["reasons"] = 0x4
    monkeypatch.setitem(sys.modules, "pynvml", mod)
    monkeypatch.setattr(nvml_mod, "torch_uuid", lambda i: U1[4:])
    return mod


def test_env_without_cuda_prints_what_it_can(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pynvml", None)
    path = tmp_path / "env.json"
    assert wprof.cli.main(["env", "--calibrate", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Profilers usable here" in out
    assert "NVML: not available" in out and "wprof[nvml]" in out
    doc = json.loads(path.read_text())
    assert doc["schema"] == "wprof.env/1"
    if doc["fingerprint"].get("device") is None:
        assert "Calibration skipped" in out
        assert doc["calibration"] == {"skipped": "no CUDA device visible to torch"}
        assert doc["peaks"] is None and "no device name" in doc["peaks_reason"]
    assert set(doc["profilers"]) >= {"ncu", "nsys", "torch.profiler", "torch.cuda.nvtx", "nvtx"}


def test_env_with_known_device_shows_peaks_and_nvml(h200):
    doc = env_cmd.collect()
    assert doc["device_name"] == "NVIDIA H200"
    assert doc["peaks"]["tflops"]["bf16"] == 989.5
    assert doc["nvml"]["available"] and doc["nvml"]["device"]["uuid"] == U1
    out = _render(doc)
    assert "Peaks (dense, datasheet)" in out and "NVIDIA H200" in out
    assert "989.5 TFLOP/s" in out and "4800 GB/s" in out
    assert "sw_power_cap" in out
    assert "1980 / 1980 MHz max" in out
    assert "h200" in out.lower() and "nvidia.com" in out


def test_env_unknown_device_says_why(h200, monkeypatch):
    import wprof.env

    monkeypatch.setattr(wprof.env, "fingerprint", lambda device=None: {"device": {"index": 0, "name": "NVIDIA L40S 48GB"}})
    doc = env_cmd.collect()
    assert doc["peaks"] is None
    out = _render(doc)
    assert "'NVIDIA L40S 48GB' is not in wprof's peak table" in out


def test_render_calibration_ratios(h200):
    doc = env_cmd.collect()
    doc["calibration"] = {
        "copy": {"bytes": 2**30, "ms_per_call": 0.5, "bytes_per_s": 4.0e12, "ratio_to_peak": 4.0e12 / 4.8e12,
                 "method": "dst.copy_(src)", "monitor": {"metrics": {"sm_clock_mhz": {"min": 1900, "max": 1980},
                                                                     "power_w": {"mean": 400, "max": 500}}}},
        "matmul_bf16": {"n": 8192, "ms_per_call": 1.5, "flops_per_s": 7.0e14, "ratio_to_peak": 7.0e14 / 989.5e12,
                        "method": "torch.matmul bf16", "monitor": {"metrics": {}, "throttled_fraction": 0.5}},
    }
    out = _render(doc)
    assert "700.0 TFLOP/s" in out and "71%" in out
    assert "4000 GB/s" in out and "83%" in out
    assert "SM clock 1900-1980 MHz" in out


def test_bad_sizes_are_usage_errors(capsys):
    assert wprof.cli.main(["env", "--copy-mib", "0"]) == 2
    assert "--copy-mib 0" in capsys.readouterr().err


@pytest.mark.gpu
def test_env_calibrate_on_gpu(tmp_path):
    path = tmp_path / "env.json"
    assert wprof.cli.main(["env", "--calibrate", "--copy-mib", "256", "--matmul-n", "4096", "--json", str(path)]) == 0
    doc = json.loads(path.read_text())
    cal = doc["calibration"]
    assert cal["copy"]["bytes_per_s"] > 0 and cal["matmul_bf16"]["flops_per_s"] > 0
    if doc["peaks"]:
        # a measurement above the datasheet peak means the timing (or the table) is wrong
        assert cal["copy"]["ratio_to_peak"] < 1.0
        assert cal["matmul_bf16"]["ratio_to_peak"] < 1.0
