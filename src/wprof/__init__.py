"""wprof: honest timings of GPU work in Python.

- ``wprof.bench(fn)``: device time of one kernel, op or forward pass (CUDA events; host clock without CUDA).
- ``wprof.Gauge(loader, global_batch_size=N)``: per-iteration latency, data time, throughput and MFU of a loop.

Importing this package loads only the standard library; the public names are resolved lazily, so
``import wprof`` never imports torch.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# public name -> module that defines it (imported on first access)
_LAZY = {
    "bench": "wprof.benchmark",
    "compare": "wprof.benchmark",
    "BenchResult": "wprof.results",
    "load_result": "wprof.results",
    "Gauge": "wprof.loop",
    "LoopResult": "wprof.loop",
    "monitor": "wprof.monitor",
    "nvtx": "wprof.nvtx",
    "hardware": "wprof.hardware",
    "errors": "wprof.errors",
    "WprofError": "wprof.errors",
}

__all__ = sorted([*_LAZY, "__version__"])


def __getattr__(name: str) -> Any:
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'wprof' has no attribute {name!r}")
    module = importlib.import_module(mod)
    # a name equal to its module's last component is the module itself (wprof.nvtx, wprof.monitor, ...)
    value = module if mod == f"wprof.{name}" else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
