"""Peak dense FLOP/s per dtype and memory bandwidth per GPU, keyed on exact device names, each row with its source.

Keys are the names ``torch.cuda.get_device_name()`` and NVML report (``"NVIDIA H200"``, ``"NVIDIA H100 80GB HBM3"``,
``"NVIDIA A100-SXM4-80GB"``, ...). Lookup is exact (after trimming whitespace): there is no substring or prefix
fallback, because that is how peak tables elsewhere went wrong (an H200 not found, an L40S given L4 numbers, unknown
GPUs silently given A100 numbers). An unknown device gets ``None`` from :func:`lookup` (with the reason from
:func:`why_unknown`) and :class:`UnknownDeviceError` from :func:`peaks_for` / :func:`peak_flops` unless the caller
passes its own peak.

Numbers are *dense* (no 2:4 structured sparsity): where a datasheet prints only "with sparsity" figures, the row holds
half of them. Tensor-core peaks are per dtype: ``tf32``, ``bf16``, ``fp16``, ``fp8``, ``int8`` (ops/s) on tensor
cores; ``fp32`` and ``fp64`` are the non-tensor (CUDA-core) peaks; ``fp64_tensor`` is the FP64 tensor-core peak
where it exists. A dtype the GPU does not have (or the source does not give) is absent. See docs/hardware.md.

API::

    from wprof import hardware
    hardware.lookup("NVIDIA H200")                  -> GpuPeaks | None
    hardware.peaks_for(name)                        -> GpuPeaks, or UnknownDeviceError naming the fix
    hardware.peak_flops(name, "bf16")               -> float FLOP/s (override=... wins; raises if unknown)
    hardware.memory_bandwidth(name)                 -> float bytes/s
    hardware.normalize_dtype(torch.bfloat16)        -> "bf16"
    hardware.known_devices()                        -> tuple of exact names
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import UsageError

__all__ = [
    "DTYPES",
    "GpuPeaks",
    "UnknownDeviceError",
    "known_devices",
    "lookup",
    "memory_bandwidth",
    "normalize_dtype",
    "peak_flops",
    "peaks_for",
    "why_unknown",
]

#: Dtype keys of a row, in print order.
DTYPES: tuple[str, ...] = ("fp64", "fp64_tensor", "fp32", "tf32", "bf16", "fp16", "fp8", "int8")


class UnknownDeviceError(UsageError):
    """The device is not in the peak table and the caller gave no peak."""


@dataclass(frozen=True)
class GpuPeaks:
    """One GPU's dense peaks. ``tflops`` maps dtype -> TFLOP/s (TOPS for int8); ``memory_gb_per_s`` is in GB/s
    (10^9 bytes/s). ``source`` names the datasheet and its URL; ``notes`` says how a number was derived."""

    name: str
    tflops: dict[str, float]
    memory_gb_per_s: float
    source: str
    notes: str = ""

    def flops(self, dtype: Any) -> float | None:
        """Dense peak FLOP/s for ``dtype`` (any spelling :func:`normalize_dtype` accepts), None if not listed."""
        v = self.tflops.get(normalize_dtype(dtype))
        return None if v is None else v * 1e12

    @property
    def memory_bytes_per_s(self) -> float:
        return self.memory_gb_per_s * 1e9

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "tflops": dict(self.tflops),
            "memory_gb_per_s": self.memory_gb_per_s,
            "source": self.source,
            "notes": self.notes,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GpuPeaks:
        return cls(
            name=d["name"],
            tflops={k: float(v) for k, v in d["tflops"].items()},
            memory_gb_per_s=float(d["memory_gb_per_s"]),
            source=d["source"],
            notes=d.get("notes", ""),
        )


_HOPPER_DS = "NVIDIA H100 Tensor Core GPU datasheet, https://www.nvidia.com/en-us/data-center/h100/"
_H200_DS = "NVIDIA H200 Tensor Core GPU datasheet, https://www.nvidia.com/en-us/data-center/h200/"
_A100_DS = (
    "NVIDIA A100 Tensor Core GPU datasheet, "
    "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/"
    "nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf"
)
_HALF = "datasheet tensor figures are 'with sparsity'; dense = half"


def _row(name: str, memory_gb_per_s: float, source: str, notes: str = "", **tflops: float) -> GpuPeaks:
    return GpuPeaks(name=name, tflops=dict(tflops), memory_gb_per_s=memory_gb_per_s, source=source, notes=notes)


_ROWS: tuple[GpuPeaks, ...] = (
    # Hopper. Datasheet: FP64 34, FP64 TC 67, FP32 67, TF32 989*, BF16/FP16 1,979*, FP8/INT8 3,958* (SXM).
    _row("NVIDIA H100 80GB HBM3", 3350, _HOPPER_DS, f"H100 SXM; {_HALF}",
         fp64=34, fp64_tensor=67, fp32=67, tf32=494.5, bf16=989.5, fp16=989.5, fp8=1979, int8=1979),
    _row("NVIDIA H100 PCIe", 2000, _HOPPER_DS, f"H100 PCIe; {_HALF}",
         fp64=26, fp64_tensor=51, fp32=51, tf32=378, bf16=756.5, fp16=756.5, fp8=1513, int8=1513),
    _row("NVIDIA H100 NVL", 3900, _HOPPER_DS, f"H100 NVL (94 GB); {_HALF}",
         fp64=30, fp64_tensor=60, fp32=60, tf32=417.5, bf16=835.5, fp16=835.5, fp8=1670.5, int8=1670.5),
    _row("NVIDIA H200", 4800, _H200_DS, f"H200 SXM (141 GB HBM3e); same compute as H100 SXM; {_HALF}",
         fp64=34, fp64_tensor=67, fp32=67, tf32=494.5, bf16=989.5, fp16=989.5, fp8=1979, int8=1979),
    _row("NVIDIA H200 NVL", 4800, _H200_DS, f"H200 NVL; {_HALF}",
         fp64=30, fp64_tensor=60, fp32=60, tf32=417.5, bf16=835.5, fp16=835.5, fp8=1670.5, int8=1670.5),
    # Blackwell. HGX B200 per-GPU column: FP64 37, FP32 75, TF32 2.2P*, BF16/FP16 4.5P*, FP8 9P*, INT8 9P*, 7.7 TB/s.
    _row("NVIDIA B200", 7700, "NVIDIA HGX B200 specifications (per GPU), https://www.nvidia.com/en-us/data-center/hgx/",
         f"HGX B200 at up to 1,000 W; {_HALF}; fp64 is the FP64/FP64 Tensor Core figure",
         fp64=37, fp64_tensor=37, fp32=75, tf32=1100, bf16=2250, fp16=2250, fp8=4500, int8=4500),
    # Ampere. Datasheet: FP64 9.7, FP64 TC 19.5, FP32 19.5, TF32 156, BF16/FP16 312, INT8 624 (dense column).
    _row("NVIDIA A100-SXM4-80GB", 2039, _A100_DS, "A100 80GB SXM; dense column of the datasheet",
         fp64=9.7, fp64_tensor=19.5, fp32=19.5, tf32=156, bf16=312, fp16=312, int8=624),
    _row("NVIDIA A100-SXM4-40GB", 1555, _A100_DS, "A100 40GB SXM; dense column of the datasheet",
         fp64=9.7, fp64_tensor=19.5, fp32=19.5, tf32=156, bf16=312, fp16=312, int8=624),
    _row("NVIDIA A100 80GB PCIe", 1935, _A100_DS, "A100 80GB PCIe; dense column of the datasheet",
         fp64=9.7, fp64_tensor=19.5, fp32=19.5, tf32=156, bf16=312, fp16=312, int8=624),
    _row("NVIDIA A100-PCIE-40GB", 1555, _A100_DS, "A100 40GB PCIe; dense column of the datasheet",
         fp64=9.7, fp64_tensor=19.5, fp32=19.5, tf32=156, bf16=312, fp16=312, int8=624),
    _row("NVIDIA A10", 600, "NVIDIA A10 Tensor Core GPU datasheet, https://www.nvidia.com/en-us/data-center/products/a10-gpu/",
         "dense column of the datasheet (TF32 62.5 | 125*, BF16/FP16 125 | 250*, INT8 250 | 500*)",
         fp32=31.2, tf32=62.5, bf16=125, fp16=125, int8=250),
    # Ada. L4: FP32 30.3, TF32 120*, BF16/FP16 242*, FP8/INT8 485*. L40S: TF32 183, BF16 362.05, FP8 733.
    _row("NVIDIA L4", 300, "NVIDIA L4 Tensor Core GPU datasheet, https://www.nvidia.com/en-us/data-center/l4/",
         f"{_HALF}; no FP64 figure in the datasheet",
         fp32=30.3, tf32=60, bf16=121, fp16=121, fp8=242.5, int8=242.5),
    _row("NVIDIA L40S", 864, "NVIDIA L40S GPU datasheet, https://www.nvidia.com/en-us/data-center/l40s/",
         "dense column of the datasheet (TF32 183 | 366*, BF16/FP16 362.05 | 733*, FP8/INT8 733 | 1,466*)",
         fp32=91.6, tf32=183, bf16=362.05, fp16=362.05, fp8=733, int8=733),
    _row("NVIDIA L40", 864, "NVIDIA L40 GPU datasheet, https://www.nvidia.com/en-us/data-center/l40/",
         "dense column of the datasheet (TF32 90.5 | 181*, BF16/FP16 181.05 | 362.1*, FP8/INT8 362 | 724*)",
         fp32=90.5, tf32=90.5, bf16=181.05, fp16=181.05, fp8=362, int8=362),
    _row("NVIDIA GeForce RTX 4090", 1008,
         "NVIDIA Ada GPU Architecture whitepaper (Appendix A, GeForce RTX 4090), "
         "https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf",
         "tensor figures with FP32 accumulate (what PyTorch uses); FP16 accumulate doubles fp16/fp8",
         fp32=82.6, tf32=82.6, bf16=165.2, fp16=165.2, fp8=330.3, int8=660.6),
    _row("NVIDIA GeForce RTX 3090", 936,
         "NVIDIA Ampere GA102 GPU Architecture whitepaper (Appendix A, GeForce RTX 3090), "
         "https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf",
         "tensor figures with FP32 accumulate, dense",
         fp32=35.6, tf32=35.6, bf16=71, fp16=71, int8=284),
    # Turing / Volta
    _row("Tesla T4", 320,
         "NVIDIA T4 datasheet, https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-t4/"
         "t4-tensor-core-datasheet-951643.pdf",
         "fp16 is mixed-precision (FP16/FP32) tensor; no BF16 on Turing",
         fp32=8.1, fp16=65, int8=130),
    _row("Tesla V100-SXM2-16GB", 900,
         "NVIDIA V100 datasheet, https://images.nvidia.com/content/technologies/volta/pdf/"
         "volta-v100-datasheet-update-us-1165301-r5.pdf",
         "V100 SXM2; fp16 is the tensor-core (deep learning) figure; no BF16 on Volta",
         fp64=7.8, fp32=15.7, fp16=125),
    _row("Tesla V100-SXM2-32GB", 900,
         "NVIDIA V100 datasheet, https://images.nvidia.com/content/technologies/volta/pdf/"
         "volta-v100-datasheet-update-us-1165301-r5.pdf",
         "V100 SXM2; fp16 is the tensor-core (deep learning) figure; no BF16 on Volta",
         fp64=7.8, fp32=15.7, fp16=125),
    _row("Tesla V100-PCIE-16GB", 900,
         "NVIDIA V100 datasheet, https://images.nvidia.com/content/technologies/volta/pdf/"
         "volta-v100-datasheet-update-us-1165301-r5.pdf",
         "V100 PCIe; fp16 is the tensor-core (deep learning) figure; no BF16 on Volta",
         fp64=7, fp32=14, fp16=112),
)

_TABLE: dict[str, GpuPeaks] = {row.name: row for row in _ROWS}

_DTYPE_ALIASES: dict[str, str] = {
    "fp64": "fp64", "float64": "fp64", "double": "fp64", "f64": "fp64",
    "fp64_tensor": "fp64_tensor",
    "fp32": "fp32", "float32": "fp32", "float": "fp32", "f32": "fp32",
    "tf32": "tf32", "tensorfloat32": "tf32",
    "bf16": "bf16", "bfloat16": "bf16",
    "fp16": "fp16", "float16": "fp16", "half": "fp16", "f16": "fp16",
    "fp8": "fp8", "float8": "fp8", "float8_e4m3fn": "fp8", "float8_e5m2": "fp8", "float8_e4m3fnuz": "fp8",
    "float8_e5m2fnuz": "fp8", "e4m3": "fp8", "e5m2": "fp8",
    "int8": "int8", "i8": "int8",
}


def normalize_dtype(dtype: Any) -> str:
    """Table key for a dtype: ``"bf16"`` for ``torch.bfloat16``, ``"bfloat16"`` or ``"bf16"``; raises UsageError."""
    s = str(dtype).strip().lower()
    s = s.removeprefix("torch.")
    key = _DTYPE_ALIASES.get(s)
    if key is None:
        raise UsageError(f"unknown dtype {dtype!r}; use one of {', '.join(DTYPES)} (or a torch dtype)")
    return key


def known_devices() -> tuple[str, ...]:
    """Exact device names the table knows, in table order."""
    return tuple(_TABLE)


def lookup(name: str | None) -> GpuPeaks | None:
    """The row whose key equals ``name`` exactly (whitespace trimmed), else None. Never a substring match."""
    if not name:
        return None
    return _TABLE.get(str(name).strip())


def why_unknown(name: str | None) -> str:
    """One line saying why ``name`` has no row and what to do instead."""
    give = ("give the peak yourself in FLOP/s, e.g. 989.5e12: `wprof run --peak-flops`, `wprof.Gauge(peak_flops=)`, "
            "`wprof.hardware.peak_flops(..., override=)`")
    if not name:
        return f"no device name (no CUDA device?); {give}"
    return (
        f"device {str(name).strip()!r} is not in wprof's peak table (exact names only; see docs/hardware.md); "
        f"{give}; or add a row with its datasheet source"
    )


def peaks_for(name: str | None) -> GpuPeaks:
    """The row for ``name``; raises :class:`UnknownDeviceError` (a UsageError) saying the fix."""
    row = lookup(name)
    if row is None:
        raise UnknownDeviceError(why_unknown(name))
    return row


def peak_flops(name: str | None, dtype: Any, *, override: float | None = None) -> float:
    """Dense peak FLOP/s of ``name`` for ``dtype``. ``override`` (FLOP/s) wins over the table and is the way to use
    an unknown device; a listed device without that dtype raises UsageError naming the dtypes it has."""
    if override is not None:
        if not override > 0:
            raise UsageError(f"peak override {override!r} must be > 0 FLOP/s")
        return float(override)
    row = peaks_for(name)
    key = normalize_dtype(dtype)
    v = row.flops(key)
    if v is None:
        have = ", ".join(k for k in DTYPES if k in row.tflops)
        raise UsageError(
            f"{row.name!r} has no {key} peak in the table (it lists {have}); pass the peak yourself"
        )
    return v


def memory_bandwidth(name: str | None, *, override: float | None = None) -> float:
    """Peak memory bandwidth of ``name`` in bytes/s (``override`` in bytes/s wins)."""
    if override is not None:
        if not override > 0:
            raise UsageError(f"bandwidth override {override!r} must be > 0 bytes/s")
        return float(override)
    return peaks_for(name).memory_bytes_per_s
