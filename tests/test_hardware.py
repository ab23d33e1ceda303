import pytest

from wprof import hardware
from wprof.errors import UsageError
from wprof.hardware import UnknownDeviceError


def test_h200_found_with_dense_numbers():
    row = hardware.lookup("NVIDIA H200")
    assert row is not None and row.name == "NVIDIA H200"
    assert hardware.peak_flops("NVIDIA H200", "bf16") == pytest.approx(989.5e12)
    assert hardware.peak_flops("NVIDIA H200", "fp8") == pytest.approx(1979e12)
    assert hardware.memory_bandwidth("NVIDIA H200") == pytest.approx(4.8e12)


def test_l40s_is_not_l4():
    l40s, l4 = hardware.lookup("NVIDIA L40S"), hardware.lookup("NVIDIA L4")
    assert l40s.name == "NVIDIA L40S" and l4.name == "NVIDIA L4"
    assert l40s.tflops["bf16"] != l4.tflops["bf16"]
    assert l40s.memory_gb_per_s == 864 and l4.memory_gb_per_s == 300


@pytest.mark.parametrize(
    "name",
    [
        "H200", "NVIDIA H200 SXM", "nvidia h200", "NVIDIA H100", "NVIDIA L40S 48GB", "NVIDIA A100",
        "A100-SXM4-80GB", "NVIDIA GeForce RTX 4090 D", "NVIDIA B200 ", "Some GPU", "NVIDIA L",
    ],
)
def test_no_substring_or_case_fallback(name):
    if name.strip() in hardware.known_devices():  # trailing whitespace is trimmed, nothing else
        assert hardware.lookup(name).name == name.strip()
        return
    assert hardware.lookup(name) is None
    with pytest.raises(UnknownDeviceError, match="not in wprof's peak table"):
        hardware.peaks_for(name)


def test_unknown_device_refused_unless_peak_given():
    with pytest.raises(UnknownDeviceError) as exc:
        hardware.peak_flops("NVIDIA Imaginary X1", "bf16")
    assert isinstance(exc.value, UsageError) and exc.value.exit_code == 2
    assert "'NVIDIA Imaginary X1'" in str(exc.value) and "peak" in str(exc.value)
    assert hardware.peak_flops("NVIDIA Imaginary X1", "bf16", override=123e12) == 123e12
    assert hardware.lookup(None) is None
    assert "no device name" in hardware.why_unknown(None)
    # the hint names the CLI flag and the Python keywords, not only a keyword a CLI user cannot pass
    assert all(k in hardware.why_unknown("NVIDIA X1") for k in ("--peak-flops", "peak_flops=", "override="))
    with pytest.raises(UsageError):
        hardware.peak_flops("NVIDIA H200", "bf16", override=0)


def test_keys_are_exact_device_names_and_rows_are_sourced():
    names = hardware.known_devices()
    assert len(names) == len(set(names))
    for expected in ["NVIDIA H200", "NVIDIA H100 80GB HBM3", "NVIDIA H100 PCIe", "NVIDIA A100-SXM4-80GB",
                     "NVIDIA A100-SXM4-40GB", "NVIDIA A100-PCIE-40GB", "NVIDIA A100 80GB PCIe", "NVIDIA B200",
                     "NVIDIA L4", "NVIDIA L40S", "NVIDIA GeForce RTX 4090"]:
        assert expected in names
    for name in names:
        row = hardware.lookup(name)
        assert row.name == name == name.strip()
        assert "http" in row.source and row.memory_gb_per_s > 0
        assert set(row.tflops) <= set(hardware.DTYPES) and row.tflops
        # dense, not sparse: fp8 is at most twice bf16 (2% slack: the L40S datasheet prints 362.05 and 733)
        if "bf16" in row.tflops and "fp8" in row.tflops:
            assert row.tflops["fp8"] <= 2.0 * row.tflops["bf16"] * 1.02


def test_missing_dtype_is_said():
    with pytest.raises(UsageError, match="no fp8 peak"):
        hardware.peak_flops("NVIDIA A100-SXM4-80GB", "fp8")
    with pytest.raises(UsageError, match="unknown dtype"):
        hardware.peak_flops("NVIDIA H200", "fp4x")


def test_normalize_dtype_spellings():
    assert hardware.normalize_dtype("torch.bfloat16") == "bf16"
    assert hardware.normalize_dtype("half") == "fp16"
    assert hardware.normalize_dtype("float8_e4m3fn") == "fp8"
    assert hardware.normalize_dtype("FP32") == "fp32"
    torch = pytest.importorskip("torch")
    assert hardware.normalize_dtype(torch.bfloat16) == "bf16"
    assert hardware.normalize_dtype(torch.float32) == "fp32"


def test_roundtrip():
    row = hardware.lookup("NVIDIA B200")
    assert hardware.GpuPeaks.from_dict(row.to_dict()) == row
