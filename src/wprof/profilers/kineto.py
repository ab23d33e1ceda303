"""A Kineto (``torch.profiler``) trace over the gauge's window and a top-operators table.

The profiler starts at the window's first iteration and stops after its last; the trace is written as a
Chrome/Perfetto JSON (``.json.gz``: open it at https://ui.perfetto.dev). Kineto adds host overhead to every op, so
step times measured with it are not representative; the gauge says so.

Column names changed across torch versions (``cuda_time_total`` became ``device_time_total``); :func:`top_ops` reads
the ``device_*`` attribute first and falls back to the ``cuda_*`` one.

``acc_events=True`` is passed where the installed ``torch.profiler.profile`` accepts it (probed from its signature):
with it the profiler keeps the events of every ``step()`` cycle instead of clearing them (and warning) at each one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["KinetoWindow", "top_ops", "device_attr", "accepts_kwarg"]


def accepts_kwarg(fn: Any, name: str) -> bool:
    """True when ``fn`` (a callable or a class) takes keyword ``name``; False when unknown."""
    import inspect

    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return name in params or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())


def device_attr(row: Any, name: str) -> float:
    """``row.<device_name>`` with the pre-2.4 ``cuda_`` name as fallback (0.0 when neither exists), in µs."""
    for attr in (name, name.replace("device_", "cuda_")):
        v = getattr(row, attr, None)
        if v is not None:
            return float(v)
    return 0.0


def top_ops(averages: Any, limit: int = 15, by_device: bool = True) -> list[dict[str, Any]]:
    """Rows of ``prof.key_averages()`` sorted by self device time (or self CPU time), in ms.

    Each row: name, kind (``op``: an operator run by the host, its kernels' device time attributed to it;
    ``kernel``: a device-side event, the same time counted once more under its own name), calls, self_device_ms,
    device_total_ms, self_cpu_ms, cpu_total_ms. User annotations
    (``record_function`` ranges such as ``Optimizer.step#AdamW.step``, ``ProfilerStep#N``) are left out: their
    device "time" is the span from their first to last kernel, idle gaps included, and would outrank the operators.
    """
    rows = []
    for r in averages:
        if getattr(r, "is_user_annotation", False) or str(r.key).startswith("ProfilerStep#"):
            continue
        dt = getattr(r, "device_type", None)
        rows.append({
            "name": r.key,
            "kind": "op" if dt is None or getattr(dt, "name", str(dt)).endswith("CPU") else "kernel",
            "calls": int(r.count),
            "self_device_ms": device_attr(r, "self_device_time_total") / 1e3,
            "device_total_ms": device_attr(r, "device_time_total") / 1e3,
            "self_cpu_ms": float(r.self_cpu_time_total) / 1e3,
            "cpu_total_ms": float(r.cpu_time_total) / 1e3,
        })
    key = "self_device_ms" if by_device and any(r["self_device_ms"] > 0 for r in rows) else "self_cpu_ms"
    rows.sort(key=lambda r: -r[key])
    return rows[:limit]


class KinetoWindow:
    """Window action: ``torch.profiler.profile`` (CPU, plus CUDA when available) over the window."""

    name = "kineto"

    def __init__(self, path: str | Path, limit: int = 15, record_shapes: bool = False) -> None:
        import torch

        self._torch = torch
        self.path = Path(path)
        self.limit = limit
        acts = [torch.profiler.ProfilerActivity.CPU]
        self.cuda = bool(torch.cuda.is_available())
        if self.cuda:
            acts.append(torch.profiler.ProfilerActivity.CUDA)
        kw: dict[str, Any] = {"activities": acts, "record_shapes": record_shapes}
        self.acc_events = accepts_kwarg(torch.profiler.profile, "acc_events")
        if self.acc_events:  # keep every step's events (no "clears events at the end of each cycle" warning)
            kw["acc_events"] = True
        self._prof = torch.profiler.profile(**kw)
        self._on = False

    def step(self) -> None:
        """Mark an iteration boundary in the trace (``ProfilerStep#N`` ranges)."""
        if self._on:
            self._prof.step()

    def start(self) -> None:
        self._prof.start()
        self._on = True

    def stop(self) -> dict[str, Any]:
        if not self._on:
            return {}
        self._on = False
        self._prof.stop()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._prof.export_chrome_trace(str(self.path))
        return {"artifact": str(self.path), "top_ops": top_ops(self._prof.key_averages(), self.limit, self.cuda),
                "warning": "Kineto was on during the window: step times include its overhead."}
