"""Non-loop workloads: device time of one kernel, op or forward pass.

- ``bench(fn)``: times a zero-argument callable whose inputs are already allocated (:mod:`wprof.benchmark.core`;
  the run's steps in ``measure``, ``pilots``, ``stopping``, ``analysis``, ``advice``; timing in ``backends`` and
  ``device``).
- ``compare(fn_a, fn_b)``: A and B interleaved in one run; ratio of medians with a bootstrap CI and a verdict.
- :mod:`wprof.benchmark.adapters`: zero-argument callables for Triton, CuPy, cuda.core, CuTe DSL, torch.compile.
"""

from .compare import CompareResult, compare, compare_results
from .backends import HostBackend
from .core import bench

__all__ = ["bench", "compare", "compare_results", "CompareResult", "HostBackend"]
