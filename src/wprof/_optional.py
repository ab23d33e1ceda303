"""Lazy imports of heavy or optional packages, with the install line in the error.

Nothing in wprof imports torch, triton, cupy, matplotlib, nvtx or pynvml at module level; code that needs one calls
the matching function here at the point of use.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from .errors import MissingDependencyError

# module name -> (what it is for, pip line)
_HINTS: dict[str, tuple[str, str]] = {
    "torch": ("PyTorch", "pip install torch  (choose the build for your CUDA version: https://pytorch.org)"),
    "pynvml": ("NVML telemetry", "pip install 'wprof[nvml]'  (nvidia-ml-py)"),
    "nvtx": ("NVTX annotations", "pip install 'wprof[nvtx]'  (nvtx)"),
    "matplotlib": ("plots", "pip install 'wprof[plot]'  (matplotlib)"),
    "triton": ("Triton kernels", "pip install triton"),
    "cupy": ("CuPy kernels", "pip install cupy-cuda12x  (or the cupy wheel for your CUDA version)"),
}


def require(name: str) -> ModuleType:
    """Import ``name`` or raise :class:`MissingDependencyError` with the install line."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        what, line = _HINTS.get(name.split(".")[0], (name, f"pip install {name}"))
        raise MissingDependencyError(f"{what} needs the '{name}' package, which is not installed: {line}") from exc


def optional(name: str) -> ModuleType | None:
    """Import ``name`` if it is installed, else return None (for features that degrade gracefully)."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def torch() -> Any:
    """The ``torch`` module (raises MissingDependencyError with the install line)."""
    return require("torch")


def cuda_available() -> bool:
    """True when torch is importable and sees a CUDA device. Never raises."""
    t = optional("torch")
    if t is None:
        return False
    try:
        return bool(t.cuda.is_available())
    except Exception:  # a broken driver install must not crash the caller
        return False
