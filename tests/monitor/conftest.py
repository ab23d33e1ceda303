"""A fake ``pynvml`` module, injected into ``sys.modules`` so the monitor runs on CPU-only CI."""

from __future__ import annotations

import sys
import types
from types import SimpleNamespace

import pytest


class FakeNVMLError(Exception):
    pass


def make_fake_nvml(devices=None, *, instant=True, reasons_name="nvmlDeviceGetCurrentClocksEventReasons",
                   init_error=None):
    """A module object with the pynvml functions the monitor calls. ``devices``: list of dicts (NVML index order)."""
    devices = devices or [dict(uuid="GPU-aaaaaaaa-0000-0000-0000-000000000001", name="NVIDIA H200")]
    m = types.ModuleType("pynvml")
    m.NVMLError = FakeNVMLError
    m.NVML_CLOCK_SM = 1
    m.NVML_CLOCK_MEM = 2
    m.NVML_TEMPERATURE_GPU = 0
    m.NVML_FI_DEV_POWER_INSTANT = 186
    m.calls = []
    m.inits = 0
    m.shutdowns = 0
    state = {d["uuid"]: dict(d) for d in devices}
    for d in state.values():
        d.setdefault("sm", 1980)
        d.setdefault("mem", 3201)
        d.setdefault("power_mw", 350_000)
        d.setdefault("util", (90, 40))
        d.setdefault("temp", 55)
        d.setdefault("used", 2 * 2**30)
        d.setdefault("reasons", 0)
        d.setdefault("limit_mw", 700_000)
    m.state = state
    order = [d["uuid"] for d in devices]

    def nvmlInit():
        if init_error:
            raise FakeNVMLError(init_error)
        m.inits += 1

    def nvmlShutdown():
        m.shutdowns += 1

    def nvmlSystemGetDriverVersion():
        return "580.159.04"

    def nvmlDeviceGetCount():
        return len(order)

    def nvmlDeviceGetHandleByIndex(i):
        return order[i]

    def nvmlDeviceGetHandleByUUID(u):
        if u not in state:
            raise FakeNVMLError("Not Found")
        return u

    def nvmlDeviceGetUUID(h):
        return h

    def nvmlDeviceGetName(h):
        return state[h]["name"]

    def nvmlDeviceGetEnforcedPowerLimit(h):
        return state[h]["limit_mw"]

    def nvmlDeviceGetMaxClockInfo(h, which):
        return {1: 1980, 2: 3201}[which]

    def nvmlDeviceGetClockInfo(h, which):
        m.calls.append("clock")
        return state[h]["sm"] if which == 1 else state[h]["mem"]

    def nvmlDeviceGetPowerUsage(h):
        m.calls.append("power_avg")
        return state[h]["power_mw"]

    def nvmlDeviceGetFieldValues(h, ids):
        m.calls.append("field")
        if not instant:
            raise FakeNVMLError("Not Supported")
        assert ids == [186]
        return [SimpleNamespace(nvmlReturn=0, valueType=1, value=SimpleNamespace(uiVal=state[h]["power_mw"] + 1000))]

    def nvmlDeviceGetUtilizationRates(h):
        g, mm = state[h]["util"]
        return SimpleNamespace(gpu=g, memory=mm)

    def nvmlDeviceGetTemperature(h, sensor):
        return state[h]["temp"]

    def nvmlDeviceGetMemoryInfo(h):
        return SimpleNamespace(used=state[h]["used"], total=141 * 2**30, free=0)

    def reasons(h):
        return state[h]["reasons"]

    def nvmlDeviceGetTotalEnergyConsumption(h):  # must never be called in the loop
        m.calls.append("energy")
        return 0

    for fn in [nvmlInit, nvmlShutdown, nvmlSystemGetDriverVersion, nvmlDeviceGetCount, nvmlDeviceGetHandleByIndex, nvmlDeviceGetHandleByUUID,
               nvmlDeviceGetUUID, nvmlDeviceGetName, nvmlDeviceGetEnforcedPowerLimit, nvmlDeviceGetMaxClockInfo,
               nvmlDeviceGetClockInfo, nvmlDeviceGetPowerUsage, nvmlDeviceGetFieldValues,
               nvmlDeviceGetUtilizationRates, nvmlDeviceGetTemperature, nvmlDeviceGetMemoryInfo,
               nvmlDeviceGetTotalEnergyConsumption]:
        setattr(m, fn.__name__, fn)
    if reasons_name:
        setattr(m, reasons_name, reasons)
    return m


@pytest.fixture
def fake_nvml(monkeypatch):
    """Install a one-GPU fake pynvml; returns a factory to install a different one."""

    def install(*args, **kwargs):
        mod = make_fake_nvml(*args, **kwargs)
        monkeypatch.setitem(sys.modules, "pynvml", mod)
        return mod

    install.default = install()
    return install


@pytest.fixture
def no_nvml(monkeypatch):
    """Make ``import pynvml`` fail."""
    monkeypatch.setitem(sys.modules, "pynvml", None)
