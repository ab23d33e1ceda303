import pytest

torch = pytest.importorskip("torch")

from wprof import flops  # noqa: E402
from wprof.errors import DeviceUnavailableError, UsageError  # noqa: E402
from wprof.hardware import UnknownDeviceError  # noqa: E402

B, IN, OUT = 4, 8, 16
FWD = 2 * B * IN * OUT


@pytest.fixture(autouse=True)
def _clean_cache():
    flops.clear_cache()
    yield
    flops.clear_cache()


def test_forward_only_is_2_b_in_out():
    model = torch.nn.Linear(IN, OUT)
    x = torch.randn(B, IN)
    fc = flops.count_model_flops(model, x, backward=False)
    assert fc.total == FWD
    assert not fc.includes_backward
    assert sum(fc.by_operator.values()) == FWD


def test_forward_backward_is_3x_when_input_needs_grad():
    model = torch.nn.Linear(IN, OUT)
    x = torch.randn(B, IN, requires_grad=True)
    fc = flops.count_model_flops(model, x)
    assert fc.total == 3 * FWD and fc.includes_backward


def test_first_layer_input_grad_is_not_counted():
    # no grad w.r.t. a leaf input that does not require it: forward + weight grad only
    fc = flops.count_model_flops(torch.nn.Linear(IN, OUT), torch.randn(B, IN))
    assert fc.total == 2 * FWD


def test_grads_are_restored():
    model = torch.nn.Linear(IN, OUT)
    assert model.weight.grad is None
    flops.count_model_flops(model, torch.randn(B, IN))
    assert model.weight.grad is None


def test_count_flops_of_a_step_and_cache():
    model = torch.nn.Sequential(torch.nn.Linear(IN, OUT), torch.nn.ReLU(), torch.nn.Linear(OUT, OUT))
    x = torch.randn(B, IN)
    calls = []

    def step():
        calls.append(1)
        model(x).sum().backward()

    fc = flops.count_flops(step, cache_key="mlp")
    # layer 1: fwd + weight grad; layer 2: fwd + weight grad + input grad
    assert fc.total == 2 * FWD + 3 * (2 * B * OUT * OUT)
    again = flops.count_flops(step, cache_key="mlp")
    assert again is fc and len(calls) == 1
    flops.count_flops(step)  # no key: counts again
    assert len(calls) == 2


def test_roundtrip():
    fc = flops.count_model_flops(torch.nn.Linear(IN, OUT), torch.randn(B, IN), backward=False)
    assert flops.FlopCount.from_dict(fc.to_dict()) == fc


def test_mfu_arithmetic():
    assert flops.achieved_flops(1e12, 1000.0) == pytest.approx(1e12)
    assert flops.mfu(989.5e12 * 0.01, 10.0, 989.5e12) == pytest.approx(1.0)
    assert flops.mfu(1e12, 100.0, 1e13) == pytest.approx(1.0)
    with pytest.raises(UsageError, match="step_ms=0"):
        flops.mfu(1e12, 0, 1e13)
    with pytest.raises(UsageError, match="peak_flops"):
        flops.mfu(1e12, 1.0, 0)


def test_peak_for_by_name_and_tf32_choice():
    p = flops.peak_for("bf16", "NVIDIA H200")
    assert p.flops == pytest.approx(989.5e12) and p.dtype == "bf16" and p.source.startswith("table: ")
    assert flops.peak_for(torch.float32, "NVIDIA H200", allow_tf32=False).dtype == "fp32"
    assert flops.peak_for(torch.float32, "NVIDIA H200", allow_tf32=True).dtype == "tf32"
    u = flops.peak_for("bf16", "NVIDIA Imaginary X1", override=5e14)
    assert u.flops == 5e14 and u.source == "user"
    with pytest.raises(UnknownDeviceError):
        flops.peak_for("bf16", "NVIDIA Imaginary X1")


def test_peak_for_without_cuda_says_so():
    if torch.cuda.is_available():
        pytest.skip("CUDA present")
    with pytest.raises(DeviceUnavailableError, match="override"):
        flops.peak_for("bf16")
