"""The one place that talks to NVML (``pynvml`` from the ``nvidia-ml-py`` package).

:func:`open_session` resolves a device to an NVML handle *by UUID* (NVML ignores ``CUDA_VISIBLE_DEVICES``, so a torch
index is not an NVML index) and returns an :class:`NvmlSession` whose :meth:`~NvmlSession.read` takes one sample.
Every failure becomes an :class:`NvmlUnavailable` carrying a one-line reason; callers turn it into
``available=False`` and never raise at the user.
"""

from __future__ import annotations

import time
from typing import Any

from .._optional import optional
from ._types import DeviceFacts, MonitorSample

# NVML enums (nvml.h); used when the pynvml module does not export the name.
_CLOCK_SM = 1
_CLOCK_MEM = 2
_TEMPERATURE_GPU = 0
_FI_DEV_POWER_INSTANT = 186
_VALUE_FIELDS = {0: "dVal", 1: "uiVal", 2: "ulVal", 3: "ullVal", 4: "sllVal", 5: "siVal", 6: "usVal"}


class NvmlUnavailable(Exception):
    """NVML cannot be used for this device; ``str(exc)`` is the reason shown to the user."""


def _err(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}".strip().rstrip(":")


def _text(v: Any) -> str:
    return v.decode(errors="replace") if isinstance(v, bytes) else str(v)


def normalize_uuid(uuid: Any) -> str:
    """Bare lower-case UUID: drops a ``GPU-``/``MIG-`` prefix; 16 raw bytes are formatted as 8-4-4-4-12 hex."""
    if isinstance(uuid, (bytes, bytearray)) and len(uuid) == 16:
        h = bytes(uuid).hex()
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
    s = _text(uuid).strip().strip("\0").lower()
    for prefix in ("gpu-", "mig-"):
        if s.startswith(prefix):
            s = s[len(prefix):]
    return s


def torch_uuid(index: int | None) -> str:
    """UUID of torch CUDA device ``index`` (None: the current device), from ``get_device_properties(i).uuid``."""
    torch = optional("torch")
    if torch is None:
        raise NvmlUnavailable("torch is not installed, so a torch device index cannot be mapped to NVML; pass a UUID")
    try:
        if not torch.cuda.is_available():
            raise NvmlUnavailable("torch sees no CUDA device; pass device='GPU-<uuid>' to monitor one through NVML")
        i = torch.cuda.current_device() if index is None else int(index)
        return normalize_uuid(torch.cuda.get_device_properties(i).uuid)
    except NvmlUnavailable:
        raise
    except Exception as exc:  # bad index, broken driver: said, not raised
        raise NvmlUnavailable(f"cannot read the UUID of torch CUDA device {index!r}: {_err(exc)}") from exc


def _device_to_uuid(nvml: Any, device: Any) -> str:
    """Map ``device`` (None | int | 'cuda[:N]' | torch.device | UUID string) to a bare UUID."""
    if device is None:
        torch = optional("torch")
        if torch is not None and _cuda_ok(torch):
            return torch_uuid(None)
        # No torch device to follow: only an unambiguous single GPU is safe to pick.
        if nvml.nvmlDeviceGetCount() == 1:
            return normalize_uuid(nvml.nvmlDeviceGetUUID(nvml.nvmlDeviceGetHandleByIndex(0)))
        raise NvmlUnavailable("torch sees no CUDA device and NVML lists several; pass device='GPU-<uuid>'")
    if isinstance(device, bool):
        raise NvmlUnavailable(f"device={device!r} is not a device; pass a torch CUDA index or a GPU UUID")
    if isinstance(device, int):
        return torch_uuid(device)
    dtype = getattr(device, "type", None)
    if dtype is not None and not isinstance(device, str):  # a torch.device
        if dtype != "cuda":
            raise NvmlUnavailable(f"device {device!r} is not a CUDA device")
        return torch_uuid(getattr(device, "index", None))
    s = _text(device).strip()
    if s == "cuda":
        return torch_uuid(None)
    if s.startswith("cuda:") and s[5:].isdigit():
        return torch_uuid(int(s[5:]))
    return normalize_uuid(s)


def _cuda_ok(torch: Any) -> bool:
    try:
        return bool(torch.cuda.is_available())
    except Exception:
        return False


def _handle_for_uuid(nvml: Any, bare: str) -> tuple[Any, str]:
    """NVML handle for a bare UUID: direct lookup first, then a scan comparing normalised UUIDs."""
    for prefix in ("GPU-", "MIG-"):
        try:
            h = nvml.nvmlDeviceGetHandleByUUID(prefix + bare)
            return h, _text(nvml.nvmlDeviceGetUUID(h))
        except Exception:
            pass
    try:
        count = int(nvml.nvmlDeviceGetCount())
    except Exception as exc:
        raise NvmlUnavailable(f"NVML cannot count devices: {_err(exc)}") from exc
    for i in range(count):
        try:
            h = nvml.nvmlDeviceGetHandleByIndex(i)
            u = _text(nvml.nvmlDeviceGetUUID(h))
        except Exception:
            continue
        if normalize_uuid(u) == bare:
            return h, u
    raise NvmlUnavailable(f"no NVML device has UUID {bare!r} (NVML lists {count})")


class NvmlSession:
    """An initialised NVML handle for one device. :meth:`read` costs about 7 NVML calls (2-9 µs each)."""

    def __init__(self, nvml: Any, handle: Any, uuid: str) -> None:
        self.nvml = nvml
        self.handle = handle
        self._closed = False
        self._skip: set[str] = set()  # metrics the device refused once: not asked again
        self._instant_field = getattr(nvml, "NVML_FI_DEV_POWER_INSTANT", _FI_DEV_POWER_INSTANT)
        self._reasons_fn = getattr(nvml, "nvmlDeviceGetCurrentClocksEventReasons", None) or getattr(
            nvml, "nvmlDeviceGetCurrentClocksThrottleReasons", None
        )
        self.power_source = "instant" if self._read_instant_power() is not None else "average"
        self.facts = DeviceFacts(
            name=self._try(lambda: _text(nvml.nvmlDeviceGetName(handle))),
            uuid=uuid,
            power_limit_w=self._try(lambda: nvml.nvmlDeviceGetEnforcedPowerLimit(handle) / 1000.0),
            max_sm_clock_mhz=self._try(lambda: float(nvml.nvmlDeviceGetMaxClockInfo(handle, self._c("SM")))),
            max_mem_clock_mhz=self._try(lambda: float(nvml.nvmlDeviceGetMaxClockInfo(handle, self._c("MEM")))),
            power_source=self.power_source,
            driver=self._try(lambda: _text(nvml.nvmlSystemGetDriverVersion())),
        )

    def _c(self, which: str) -> int:
        return getattr(self.nvml, f"NVML_CLOCK_{which}", _CLOCK_SM if which == "SM" else _CLOCK_MEM)

    @staticmethod
    def _try(fn: Any) -> Any:
        try:
            return fn()
        except Exception:
            return None

    def _read_instant_power(self) -> float | None:
        try:
            fv = self.nvml.nvmlDeviceGetFieldValues(self.handle, [self._instant_field])[0]
            if getattr(fv, "nvmlReturn", 0) != 0:
                return None
            attr = _VALUE_FIELDS.get(int(getattr(fv, "valueType", 1)), "uiVal")
            mw = float(getattr(fv.value, attr))
            return mw / 1000.0 if mw > 0 else None
        except Exception:
            return None

    def _metric(self, name: str, fn: Any) -> Any:
        if name in self._skip:
            return None
        try:
            return fn()
        except Exception:
            self._skip.add(name)
            return None

    def read(self) -> MonitorSample:
        """One sample; ``t_ns`` is taken before the NVML calls. Never raises; an unsupported metric reads None."""
        nvml, h = self.nvml, self.handle
        t_ns = time.perf_counter_ns()
        power = None
        if self.power_source == "instant":
            power = self._read_instant_power()
            if power is None:  # the field stopped answering: fall back for good
                self.power_source = "average"
        if power is None:
            power = self._metric("power_w", lambda: nvml.nvmlDeviceGetPowerUsage(h) / 1000.0)
        util = self._metric("util", lambda: nvml.nvmlDeviceGetUtilizationRates(h))
        mem = self._metric("memory_used_mib", lambda: nvml.nvmlDeviceGetMemoryInfo(h))
        reasons = None
        if self._reasons_fn is not None:
            reasons = self._metric("reasons", lambda: int(self._reasons_fn(h)))
        return MonitorSample(
            t_ns=t_ns,
            power_w=power,
            sm_clock_mhz=self._metric("sm_clock_mhz", lambda: float(nvml.nvmlDeviceGetClockInfo(h, self._c("SM")))),
            mem_clock_mhz=self._metric(
                "mem_clock_mhz", lambda: float(nvml.nvmlDeviceGetClockInfo(h, self._c("MEM")))
            ),
            gpu_util_pct=float(util.gpu) if util is not None else None,
            mem_util_pct=float(util.memory) if util is not None else None,
            temperature_c=self._metric(
                "temperature_c",
                lambda: float(
                    nvml.nvmlDeviceGetTemperature(h, getattr(nvml, "NVML_TEMPERATURE_GPU", _TEMPERATURE_GPU))
                ),
            ),
            memory_used_mib=float(mem.used) / 2**20 if mem is not None else None,
            reasons_mask=reasons,
        )

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            try:
                self.nvml.nvmlShutdown()
            except Exception:
                pass


def open_session(device: Any = None) -> NvmlSession:
    """Initialise NVML and open ``device``; raises :class:`NvmlUnavailable` with the reason on any failure."""
    nvml = optional("pynvml")
    if nvml is None:
        raise NvmlUnavailable("NVML telemetry needs nvidia-ml-py, which is not installed: pip install 'wprof[nvml]'")
    try:
        nvml.nvmlInit()
    except Exception as exc:
        raise NvmlUnavailable(f"NVML failed to initialise ({_err(exc)}); is an NVIDIA driver loaded?") from exc
    try:
        bare = _device_to_uuid(nvml, device)
        handle, uuid = _handle_for_uuid(nvml, bare)
        return NvmlSession(nvml, handle, uuid)
    except NvmlUnavailable:
        _shutdown(nvml)
        raise
    except Exception as exc:
        _shutdown(nvml)
        raise NvmlUnavailable(f"NVML cannot open device {device!r}: {_err(exc)}") from exc


def _shutdown(nvml: Any) -> None:
    try:
        nvml.nvmlShutdown()
    except Exception:
        pass
