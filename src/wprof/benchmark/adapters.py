"""Zero-argument callables for kernels that are not torch ops, so the same core times them.

Each adapter prepares everything once (compilation, streams) and returns ``fn`` for :func:`wprof.bench`. Every
launch goes to **torch's current stream**: that is where the harness records its events and where
``torch.cuda.graph`` captures, so events never time the wrong stream and graph capture sees the launch.

- :func:`triton_kernel` — ``kernel[grid](*args, **meta)`` (Triton launches on torch's current stream itself).
- :func:`cupy_kernel` — a ``cupy.RawKernel`` (raw CUDA C++), launched inside ``cupy.cuda.ExternalStream`` of torch's
  current stream.
- :func:`cuda_core_kernel` — a ``cuda.core`` kernel launched with ``launch(stream, config, kernel, *args)`` on a
  ``cuda.core`` stream wrapping torch's current stream.
- :func:`cute_kernel` — a CuTe DSL function pre-compiled with ``cute.compile``; pass :data:`TORCH_STREAM` where the
  function takes its ``cuda.CUstream`` and it becomes torch's current stream at each call.
- :func:`compiled` — ``torch.compile(fn)`` compiled before timing (the compile time is returned, never timed).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .._optional import optional, require
from ..errors import MissingDependencyError

__all__ = ["triton_kernel", "cupy_kernel", "cuda_core_kernel", "cute_kernel", "compiled", "TORCH_STREAM"]


class _TorchStreamMarker:
    def __repr__(self) -> str:
        return "TORCH_STREAM"


#: Placeholder for the ``stream`` argument of :func:`cute_kernel`: replaced by torch's current stream at each call.
TORCH_STREAM = _TorchStreamMarker()


def _stream_ptr(torch: Any) -> int:
    return int(torch.cuda.current_stream().cuda_stream)


def triton_kernel(kernel: Any, grid: Any, *args: Any, **meta: Any) -> Callable[[], Any]:
    """``lambda: kernel[grid](*args, **meta)``; the first call (JIT compile, autotune) is bench's untimed call."""
    launcher = kernel[grid]

    def call() -> Any:
        return launcher(*args, **meta)

    call.__name__ = getattr(getattr(kernel, "fn", kernel), "__name__", "triton_kernel")
    return call


def cupy_kernel(kernel: Any, grid: tuple[int, ...], block: tuple[int, ...], args: tuple, *,
                shared_mem: int = 0) -> Callable[[], Any]:
    """Launch a ``cupy.RawKernel`` on torch's current stream (grid, block, args as for ``RawKernel.__call__``)."""
    cupy = require("cupy")
    torch = require("torch")
    streams: dict[int, Any] = {}

    def call() -> Any:
        ptr = _stream_ptr(torch)
        s = streams.get(ptr)
        if s is None:
            s = streams[ptr] = cupy.cuda.ExternalStream(ptr)
        with s:
            kernel(grid, block, args, shared_mem=shared_mem)

    call.__name__ = str(getattr(kernel, "name", "cupy_kernel"))
    return call


class _TorchStream:
    """A ``__cuda_stream__`` view of a raw stream handle, for ``cuda.core``'s ``Device.create_stream``."""

    def __init__(self, ptr: int) -> None:
        self.ptr = ptr

    def __cuda_stream__(self) -> tuple[int, int]:
        return (0, self.ptr)


def _cuda_core() -> Any:
    for name in ("cuda.core", "cuda.core.experimental"):
        mod = optional(name)
        if mod is not None and hasattr(mod, "launch"):
            return mod
    raise MissingDependencyError("cuda.core kernels need the 'cuda-core' package, which is not installed: "
                                 "pip install cuda-core cuda-python")


def cuda_core_kernel(kernel: Any, config: Any, *kernel_args: Any) -> Callable[[], Any]:
    """``launch(stream, config, kernel, *kernel_args)`` on a cuda.core stream wrapping torch's current stream."""
    core = _cuda_core()
    torch = require("torch")
    dev = core.Device(torch.cuda.current_device())
    dev.set_current()
    streams: dict[int, Any] = {}

    def call() -> Any:
        ptr = _stream_ptr(torch)
        s = streams.get(ptr)
        if s is None:
            s = streams[ptr] = dev.create_stream(_TorchStream(ptr))
        core.launch(s, config, kernel, *kernel_args)

    call.__name__ = "cuda_core_kernel"
    return call


def cute_kernel(compiled_fn: Any, *args: Any) -> Callable[[], Any]:
    """Call a ``cute.compile``-d function; :data:`TORCH_STREAM` among ``args`` becomes torch's current stream."""
    torch = require("torch")
    at = [i for i, a in enumerate(args) if a is TORCH_STREAM]
    if not at:
        def call() -> Any:
            return compiled_fn(*args)
    else:
        driver = optional("cuda.bindings.driver") or require("cuda.cuda")
        cache: dict[int, Any] = {}
        base = list(args)

        def call() -> Any:
            ptr = _stream_ptr(torch)
            s = cache.get(ptr)
            if s is None:
                s = cache[ptr] = driver.CUstream(ptr)
            for i in at:
                base[i] = s
            return compiled_fn(*base)

    call.__name__ = "cute_kernel"
    return call


def compiled(fn: Callable[..., Any], *args: Any, mode: str | None = None, **kwargs: Any
             ) -> tuple[Callable[[], Any], float]:
    """``(call, compile_s)``: ``torch.compile(fn, mode=mode)`` compiled by one call before timing, then the timed
    callable ``lambda: cfn(*args, **kwargs)``. The compile time is returned (host seconds), never timed."""
    torch = require("torch")
    cfn = torch.compile(fn, mode=mode)
    t0 = time.perf_counter()
    cfn(*args, **kwargs)
    torch.cuda.synchronize() if torch.cuda.is_available() else None
    compile_s = time.perf_counter() - t0

    def call() -> Any:
        return cfn(*args, **kwargs)

    call.__name__ = f"compiled_{getattr(fn, '__name__', 'fn')}"
    return call, compile_s
