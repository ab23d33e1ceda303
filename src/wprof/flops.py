"""FLOPs per step (counted once with torch's FlopCounterMode, cached) and MFU against :mod:`wprof.hardware`.

How FLOPs are counted: the step runs once under ``torch.utils.flop_counter.FlopCounterMode(display=False)``, which
counts matmuls, convolutions and attention from their shapes (2 FLOPs per multiply-add) for the ops that actually
run, forward and backward. Known limits, stated on every :class:`FlopCount`: custom and Triton kernels count 0,
causal attention is counted as the full square, and only the ops that run are counted (the first layer's input
gradient is usually not computed, so a model's forward+backward comes to a little under 3x its forward).

Counting runs the step for real (on its device) outside any measurement; do it once and keep the number
(``cache_key=`` caches it for the process).

API::

    from wprof import flops
    fc = flops.count_flops(train_step)                        # a callable that does forward+backward
    fc = flops.count_model_flops(model, x, backward=True)     # forward, .sum() (or loss_fn), backward; grads restored
    fc.total, fc.by_operator
    peak = flops.peak_for("bf16")                             # PeakChoice for torch's current CUDA device
    flops.mfu(fc.total, step_ms=12.5, peak_flops=peak.flops)  # fraction in [0, 1+]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from . import hardware
from ._optional import require
from .errors import DeviceUnavailableError, UsageError

__all__ = [
    "FlopCount",
    "PeakChoice",
    "achieved_flops",
    "clear_cache",
    "count_flops",
    "count_model_flops",
    "mfu",
    "peak_for",
]

_CAVEATS = (
    "FlopCounterMode counts matmul/conv/attention only; custom and Triton kernels count 0; "
    "causal attention is counted as the full square"
)

_CACHE: dict[Hashable, FlopCount] = {}


@dataclass(frozen=True)
class FlopCount:
    """FLOPs of one step. ``total`` is what FlopCounterMode counted; ``by_operator`` maps an aten op name to its
    FLOPs; ``includes_backward`` says whether a backward pass ran inside the counted call."""

    total: int
    by_operator: dict[str, int] = field(default_factory=dict)
    includes_backward: bool = False
    method: str = "torch.utils.flop_counter.FlopCounterMode"
    caveats: str = _CAVEATS

    def to_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "by_operator": dict(self.by_operator),
            "includes_backward": self.includes_backward,
            "method": self.method,
            "caveats": self.caveats,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> FlopCount:
        return cls(
            total=int(d["total"]),
            by_operator={k: int(v) for k, v in d.get("by_operator", {}).items()},
            includes_backward=bool(d.get("includes_backward", False)),
            method=d.get("method", "torch.utils.flop_counter.FlopCounterMode"),
            caveats=d.get("caveats", _CAVEATS),
        )


def _run_counted(fn: Callable[[], Any], includes_backward: bool) -> FlopCount:
    require("torch")
    from torch.utils.flop_counter import FlopCounterMode

    counter = FlopCounterMode(display=False)
    with counter:
        fn()
    by_op: dict[str, int] = {}
    for ops in counter.get_flop_counts().values():  # module name -> {op: flops}; "Global" holds every op
        for op, n in ops.items():
            name = str(getattr(op, "__name__", op))
            by_op[name] = max(by_op.get(name, 0), int(n))
    return FlopCount(total=int(counter.get_total_flops()), by_operator=by_op, includes_backward=includes_backward)


def count_flops(
    step: Callable[[], Any], *, includes_backward: bool = True, cache_key: Hashable | None = None
) -> FlopCount:
    """Run ``step()`` once under FlopCounterMode and return its FLOPs.

    ``step`` is a zero-argument callable doing what one step does (typically forward, loss, backward; optimizer
    steps are elementwise and count 0). ``includes_backward`` only labels the result. With ``cache_key``, the first
    count is kept for the process and later calls with the same key return it without running ``step``.
    """
    if cache_key is not None and cache_key in _CACHE:
        return _CACHE[cache_key]
    if not callable(step):
        raise UsageError(f"count_flops needs a zero-argument callable, got {type(step).__name__!r}")
    result = _run_counted(step, includes_backward)
    if cache_key is not None:
        _CACHE[cache_key] = result
    return result


def count_model_flops(
    model: Callable[..., Any],
    *inputs: Any,
    backward: bool = True,
    loss_fn: Callable[[Any], Any] | None = None,
    cache_key: Hashable | None = None,
    **kwargs: Any,
) -> FlopCount:
    """FLOPs of ``model(*inputs, **kwargs)``, plus its backward when ``backward`` (the output is reduced with
    ``loss_fn`` or ``.sum()``). Parameter ``.grad`` values are saved and restored, so counting leaves no trace."""
    if cache_key is not None and cache_key in _CACHE:
        return _CACHE[cache_key]
    params = list(model.parameters()) if hasattr(model, "parameters") else []
    saved = [p.grad for p in params]

    def step() -> None:
        out = model(*inputs, **kwargs)
        if backward:
            loss = loss_fn(out) if loss_fn is not None else _reduce(out)
            loss.backward()

    try:
        result = _run_counted(step, backward)
    finally:
        for p, g in zip(params, saved):
            p.grad = g
    if cache_key is not None:
        _CACHE[cache_key] = result
    return result


def _reduce(out: Any) -> Any:
    if hasattr(out, "sum") and hasattr(out, "backward"):
        return out.sum()
    if isinstance(out, (tuple, list)) and out and hasattr(out[0], "sum"):
        return out[0].sum()
    raise UsageError(
        f"cannot reduce the model output ({type(out).__name__}) to a scalar for backward; pass loss_fn=..."
    )


def clear_cache() -> None:
    """Forget every cached count."""
    _CACHE.clear()


def achieved_flops(flops_per_step: float, step_ms: float) -> float:
    """FLOP/s achieved: ``flops_per_step / (step_ms / 1000)``."""
    if not step_ms > 0:
        raise UsageError(f"step_ms={step_ms!r} must be > 0 milliseconds")
    if flops_per_step < 0:
        raise UsageError(f"flops_per_step={flops_per_step!r} must be >= 0")
    return float(flops_per_step) / (step_ms / 1e3)


def mfu(flops_per_step: float, step_ms: float, peak_flops: float) -> float:
    """Model FLOPs utilization: achieved FLOP/s over ``peak_flops`` (a fraction; 0.45 means 45%)."""
    if not peak_flops > 0:
        raise UsageError(f"peak_flops={peak_flops!r} must be > 0 FLOP/s")
    return achieved_flops(flops_per_step, step_ms) / float(peak_flops)


@dataclass(frozen=True)
class PeakChoice:
    """The peak an MFU was computed against, and where it came from (``"table: <source>"`` or ``"user"``)."""

    flops: float
    dtype: str
    device_name: str | None
    source: str

    def to_dict(self) -> dict[str, Any]:
        return {"flops": self.flops, "dtype": self.dtype, "device_name": self.device_name, "source": self.source}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PeakChoice:
        return cls(flops=float(d["flops"]), dtype=d["dtype"], device_name=d.get("device_name"), source=d["source"])


def _tf32_enabled() -> bool:
    torch = require("torch")
    try:
        if torch.backends.cuda.matmul.allow_tf32:
            return True
        return torch.get_float32_matmul_precision() != "highest"
    except Exception:
        return False


def peak_for(
    dtype: Any,
    device_name: str | None = None,
    *,
    override: float | None = None,
    allow_tf32: bool | None = None,
) -> PeakChoice:
    """Choose the dense peak for ``dtype`` on ``device_name`` (default: torch's current CUDA device).

    fp32 matmuls run on TF32 tensor cores when torch allows it (``torch.backends.cuda.matmul.allow_tf32`` or
    ``set_float32_matmul_precision("high"|"medium")``); then the tf32 peak is chosen. ``allow_tf32`` forces either.
    ``override`` (FLOP/s) is used as is, e.g. for a device not in the table. Unknown devices raise
    :class:`wprof.hardware.UnknownDeviceError`.
    """
    key = hardware.normalize_dtype(dtype)
    if device_name is None and override is None:
        device_name = _current_device_name()
    if key == "fp32":
        use_tf32 = _tf32_enabled() if allow_tf32 is None else allow_tf32
        if use_tf32:
            key = "tf32"
    if override is not None:
        return PeakChoice(flops=hardware.peak_flops(device_name, key, override=override), dtype=key,
                          device_name=device_name, source="user")
    row = hardware.peaks_for(device_name)
    return PeakChoice(flops=hardware.peak_flops(row.name, key), dtype=key, device_name=row.name,
                      source=f"table: {row.source}")


def _current_device_name() -> str:
    torch = require("torch")
    if not torch.cuda.is_available():
        raise DeviceUnavailableError(
            "no CUDA device, so there is no peak to compare against; pass device_name=... or override=<FLOP/s>"
        )
    return str(torch.cuda.get_device_name(torch.cuda.current_device()))
