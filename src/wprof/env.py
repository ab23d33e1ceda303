"""Environment fingerprint: what a result was measured on.

:func:`fingerprint` returns a plain dict (JSON-ready): host, Python, wprof, torch and CUDA versions, and for a CUDA
device its name, UUID, compute capability, SM count, L2 size, memory, and (with NVML) driver version, power limit
and the current SM clock and power. Every field is read, none is assumed; what cannot be read is ``None`` and
``notes`` says why.
"""

from __future__ import annotations

import os
import platform
import socket
import sys
from typing import Any

from . import __version__
from ._optional import optional

__all__ = ["fingerprint", "nvml_reading", "cuda_device_index"]


def cuda_device_index(device: Any = None) -> int | None:
    """The CUDA device index for ``device`` (None/int/"cuda:1"/torch.device), or None without CUDA."""
    torch = optional("torch")
    if torch is None or not torch.cuda.is_available():
        return None
    if device is None:
        return int(torch.cuda.current_device())
    if isinstance(device, int):
        return device
    d = torch.device(device)
    if d.type != "cuda":
        return None
    return int(d.index) if d.index is not None else int(torch.cuda.current_device())


def nvml_reading(index: int | None) -> dict[str, Any] | None:
    """One NVML reading of the device (SM clock MHz, power W, temperature C, throttle reasons), or None.

    Delegates to :mod:`wprof.monitor` when it is available; never raises.
    """
    if index is None:
        return None
    try:
        from .monitor import read_once
    except ImportError:
        return None
    try:
        reading = read_once(index)
    except Exception:  # telemetry must never break a measurement
        return None
    return reading if getattr(reading, "available", True) else None


def fingerprint(device: Any = None) -> dict[str, Any]:
    """Describe the machine, software and device. Cheap (a few ms); call it once per result."""
    notes: list[str] = []
    env: dict[str, Any] = {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "wprof": __version__,
        "pid": os.getpid(),
        "argv": list(sys.argv),
        "cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES"),
        "torch": None,
        "cuda_runtime": None,
        "device": None,
        "notes": notes,
    }
    torch = optional("torch")
    if torch is None:
        notes.append("torch is not installed")
        return env
    env["torch"] = torch.__version__
    env["cuda_runtime"] = getattr(torch.version, "cuda", None)
    idx = cuda_device_index(device)
    if idx is None:
        notes.append("no CUDA device visible to torch")
        return env
    p = torch.cuda.get_device_properties(idx)
    dev: dict[str, Any] = {
        "index": idx,
        "name": p.name,
        "uuid": _uuid(p),
        "compute_capability": f"{p.major}.{p.minor}",
        "sm_count": p.multi_processor_count,
        "l2_cache_bytes": getattr(p, "L2_cache_size", None),
        "memory_bytes": p.total_memory,
        "driver": None,
        "power_limit_w": None,
        "sm_clock_max_mhz": None,
    }
    try:
        dev["cudnn"] = torch.backends.cudnn.version()
    except Exception:
        dev["cudnn"] = None
    nv = nvml_reading(idx)
    if nv is None:
        notes.append("NVML unavailable (pip install 'wprof[nvml]'): no driver version, clocks or power")
    else:
        for key in ("driver", "power_limit_w", "sm_clock_max_mhz"):
            dev[key] = nv.get(key)
        dev["at_start"] = {k: nv.get(k) for k in ("sm_clock_mhz", "mem_clock_mhz", "power_w", "temperature_c",
                                                  "throttle_reasons")}
    env["device"] = dev
    return env


def _uuid(props: Any) -> str | None:
    u = getattr(props, "uuid", None)
    if u is None:
        return None
    s = str(u)
    return s if s.startswith("GPU-") else f"GPU-{s}"
