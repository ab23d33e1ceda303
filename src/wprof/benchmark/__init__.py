"""Non-loop workloads: device time of one kernel, op or forward pass.

``bench(fn)`` times a zero-argument callable whose inputs are already allocated; see :mod:`wprof.bench.core`.
"""

from .core import bench

__all__ = ["bench"]
