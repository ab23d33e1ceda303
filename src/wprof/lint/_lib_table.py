"""The GPU Python libraries' execution facts as data (twenty-second session, libtable, sets 77-164).

Each library that compiles kernels from Python is described once, in :data:`LIBRARIES`, from its documentation:

- ``compilers``: the decorators and wrappers whose function is compiled on its first call (per new argument types,
  shapes, constexprs or static arguments), not where it is defined (WP112's fact);
- ``waits``: the calls that return only once the library's queued GPU work is done (WP102's end-read fact);
- ``asynchronous``: a launch returns before its kernel ran (WP102 needs a wait before the end clock);
- ``gpu_arches``: the values of its placement argument that put its kernels on a GPU;
- ``launches``: the calls that launch a kernel they are handed (``wp.launch(kernel, dim, inputs)``): GPU work,
  unless given a CPU device;
- ``default_gpu``: the library places its arrays and launches on the first CUDA device unless told otherwise, so a
  program using it uses the GPU.

The tables :data:`COMPILERS`, :data:`SYNC_FUNCS` of :mod:`._names` read the ``compilers`` and ``waits`` columns
(:func:`table_compilers`, :func:`table_waits`), so a library added here is known to every rule.

The model also follows a compiled function to where it is used: a kernel defined as a method of a class of the
project (Taichi's ``@ti.data_oriented`` classes whose ``@ti.kernel`` methods are launched as ``sim.step(i)``, a
``@torch.compile``'d or ``@jax.jit``'d method) is compiled on its first call and launches GPU work from the file that
builds the object (``sim = Solver(...)`` of ``from solver import Solver``), as a module-level kernel would.
"""

from __future__ import annotations

import ast
from typing import Any

# library root -> its facts (documented API; the qualified names are those the import table resolves)
LIBRARIES: dict[str, dict[str, Any]] = {
    "taichi": {  # docs.taichi-lang.org: kernels are JIT-compiled on first call, launched asynchronously on GPU arches
        "compilers": ("taichi.kernel",),
        "waits": ("taichi.sync",),
        "asynchronous": True,
        "gpu_arches": ("gpu", "cuda", "vulkan", "metal", "opengl", "gles", "dx11", "dx12", "amdgpu"),
    },
    "warp": {  # nvidia.github.io/warp: wp.kernel modules are built on first launch; wp.launch is asynchronous
        "compilers": ("warp.kernel", "warp.context.kernel"),
        "waits": ("warp.synchronize", "warp.synchronize_device", "warp.synchronize_stream", "warp.synchronize_event"),
        "asynchronous": True,
        "gpu_arches": ("cuda",),
        "launches": ("warp.launch", "warp.launch_tiled", "warp.context.launch"),
        "default_gpu": True,  # (`wp.get_preferred_device()`: the first CUDA device when there is one)
    },
    "numba": {  # numba.cuda.jit without signatures: compiled per argument types on the first launch
        "compilers": ("numba.cuda.jit", "numba.cuda.reduce"),
        "waits": ("numba.cuda.synchronize",),
        "asynchronous": True,
        "gpu_arches": ("cuda",),
    },
    "cupy": {  # RawKernel/ElementwiseKernel/ReductionKernel/fuse compile (NVRTC or the cache) on first call
        "compilers": ("cupy.RawKernel", "cupy.ElementwiseKernel", "cupy.ReductionKernel", "cupy.fuse"),
        "waits": (),  # (cupy.cuda.Device().synchronize(), stream.synchronize(): method waits, SYNC_ATTRS)
        "asynchronous": True,
        "gpu_arches": ("cuda",),
    },
    "pycuda": {  # SourceModule compiles where it is built; ElementwiseKernel on its first call
        "compilers": ("pycuda.elementwise.ElementwiseKernel",),
        "waits": (),  # (pycuda.driver.Context.synchronize(): SYNC_ATTRS)
        "asynchronous": True,
        "gpu_arches": ("cuda",),
    },
    "jax": {  # jax.jit/pmap (and Flax NNX's nnx.jit) trace and compile per new shapes, dtypes and static arguments;
        # dispatch is asynchronous
        "compilers": ("jax.jit", "jax.pmap", "equinox.filter_jit", "equinox.filter_pmap", "flax.nnx.jit"),
        "waits": ("jax.block_until_ready",),
        "asynchronous": True,
        "gpu_arches": ("gpu", "cuda"),
    },
    "tensorflow": {  # tf.function traces on its first call and per new input signature; eager GPU ops are queued
        "compilers": ("tensorflow.function",),
        "waits": (),  # (`.numpy()` reads: HIDDEN waits of the tensor model)
        "asynchronous": True,
        "gpu_arches": ("GPU",),
    },
    "torch": {  # torch.compile compiles on the first call and recompiles on new shapes (dynamic=None marks them)
        "compilers": ("torch.compile", "torch.jit.script", "torch.jit.trace"),
        "waits": ("torch.cuda.synchronize",),
        "asynchronous": True,
        "gpu_arches": ("cuda",),
    },
    "triton": {  # a new signature or constexpr value is a new compile
        "compilers": ("triton.jit", "triton.autotune", "triton.heuristics"),
        "waits": (),
        "asynchronous": True,
        "gpu_arches": ("cuda",),
    },
    "tilelang": {  # tilelang.jit compiles its program when first called (per new shapes unless symbolic)
        "compilers": ("tilelang.jit",),
        "waits": (),
        "asynchronous": True,
        "gpu_arches": ("cuda",),
    },
    "cupyx": {  # cupyx.jit.rawkernel: the Python kernel is transpiled and compiled on its first launch
        "compilers": ("cupyx.jit.rawkernel",),
        "waits": (),
        "asynchronous": True,
        "gpu_arches": ("cuda",),
    },
    "pykeops": {  # Genred/KernelSolve build a reduction whose C++/CUDA routine is compiled on its first call (per
        # formula, dtype and dimension; cached on disk afterwards)
        "compilers": ("pykeops.torch.Genred", "pykeops.numpy.Genred", "pykeops.torch.KernelSolve",
                      "pykeops.numpy.KernelSolve"),
        "waits": (),  # (its reductions wait: _copy_waits)
        "asynchronous": False,
        "gpu_arches": ("cuda",),
    },
    "paddle": {  # paddle.jit.to_static converts and builds its static program on the first call (per input spec)
        "compilers": ("paddle.jit.to_static",),
        "waits": ("paddle.device.synchronize", "paddle.device.cuda.synchronize"),
        "asynchronous": True,
        "gpu_arches": ("gpu",),
    },
    "mxnet": {  # MXNet's engine runs ndarray ops asynchronously; `mx.nd.waitall()` waits for all of them
        "compilers": (),
        "waits": ("mxnet.nd.waitall", "mxnet.ndarray.waitall"),
        "asynchronous": True,
        "gpu_arches": ("gpu",),
    },
    "mlx": {  # mx.compile traces on its first call; ops are lazy until mx.eval
        "compilers": ("mlx.core.compile",),
        "waits": ("mlx.core.eval",),
        "asynchronous": True,
        "gpu_arches": ("gpu",),
    },
}


def table_compilers() -> frozenset[str]:
    """Every library's compile-on-first-call decorators and wrappers."""
    return frozenset(q for lib in LIBRARIES.values() for q in lib["compilers"])


def table_waits() -> frozenset[str]:
    """Every library's calls that wait for its queued GPU work."""
    return frozenset(q for lib in LIBRARIES.values() for q in lib["waits"])


def _method_call(name: str) -> ast.Call | None:
    """``obj.meth()`` for the callee key ``obj.meth`` (a bound name and one attribute)."""
    parts = name.split(".")
    if len(parts) != 2 or not all(p.isidentifier() for p in parts) or parts[0] == "self":
        return None
    return ast.Call(func=ast.Attribute(value=ast.Name(id=parts[0], ctx=ast.Load()), attr=parts[1], ctx=ast.Load()),
                    args=[], keywords=[])


def _kernel_method(ctx: Any, call: ast.Call, facts: str) -> bool:
    """The method ``call`` calls is one of a project class, compiled on its first call (``facts`` "_compiled") or
    launching GPU work (``facts`` "_gpu_callables") as its own module reads its decorators."""
    if getattr(ctx, "import_view", None) is None or not isinstance(call.func, ast.Attribute) or \
            not isinstance(call.func.value, ast.Name) or call.func.value.id == "self":
        return False
    values = ctx.assigns.get(call.func.value.id)
    if not values or not any(isinstance(v, ast.Call) for v in values):
        return False  # (a name never bound to a call: no object of a project class)
    d = ctx.imported_method(call)
    if d is None or not isinstance(d.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    if d.node.name not in getattr(d.ctx, facts, ()):
        return False
    # the decorator is the method's own (not another function of that name in the module)
    return any((d.ctx.qualname(x.func if isinstance(x, ast.Call) else x) or "") in _decorators(d.ctx)
               for x in d.node.decorator_list)


def _decorators(ctx: Any) -> frozenset[str]:
    from ._names import COMPILERS

    return COMPILERS


def imported_kernel_method(ctx: Any, call: ast.Call) -> bool:
    """``sim.step(i)`` of ``sim = Solver(...)`` imported from the project, ``step`` a GPU kernel of that class
    (``@ti.kernel``, ``@torch.compile``, ``@jax.jit``): GPU work launched from this file."""
    return _kernel_method(ctx, call, "_gpu_callables")


def imported_compiled_method(ctx: Any, name: str) -> bool:
    """The callee key ``sim.step`` names such a method: compiled on its first call."""
    call = _method_call(name)
    return call is not None and _kernel_method(ctx, call, "_compiled")


def table_launches() -> frozenset[str]:
    return frozenset(q for lib in LIBRARIES.values() for q in lib.get("launches", ()))


_LAUNCHES = table_launches()
_DEFAULT_GPU = tuple(root for root, lib in LIBRARIES.items() if lib.get("default_gpu"))


def _cpu_device(ctx: Any, call: ast.Call) -> bool:
    """``device="cpu"`` (or a name bound only to it) given to the call."""
    for k in call.keywords:
        if k.arg == "device":
            v = k.value
            if isinstance(v, ast.Name):
                vals = ctx.assigns.get(v.id, [])
                return bool(vals) and all(isinstance(x, ast.Constant) and x.value == "cpu" for x in vals)
            return isinstance(v, ast.Constant) and v.value == "cpu"
    return False


def library_on_gpu(ctx: Any) -> bool:
    """The file uses a library that runs on the GPU by default (Warp) and launches its kernels, none of them on a
    CPU device given in so many words."""
    if not any(q.split(".")[0] in _DEFAULT_GPU for q in ctx.imports.values()):
        return False
    launches = [c for c in ctx.calls if (ctx.call_name(c) or "") in _LAUNCHES]
    return bool(launches) and not all(_cpu_device(ctx, c) for c in launches)


def library_launch(ctx: Any, call: ast.Call) -> bool:
    """``wp.launch(kernel, dim=n, inputs=[...])``: a kernel queued on the library's device (asynchronous), unless
    given a CPU device."""
    return (ctx.call_name(call) or "") in _LAUNCHES and not _cpu_device(ctx, call)
