"""WP104's default part for array libraries without a caching allocator: device memory allocated, or host data
copied into fresh device memory, inside a timed region that measures a kernel.

PyCUDA allocates with the driver: ``cuda.mem_alloc``/``mem_alloc_like`` and every ``gpuarray`` factory
(``to_gpu``, ``zeros``, ``empty``, ``*_like``) call ``cuMemAlloc`` (PyCUDA keeps no pool unless the code passes an
``allocator=``), and the free when the array is dropped synchronizes the device. So do Numba's
``cuda.device_array``/``device_array_like`` (Numba's memory manager keeps no pool), also in the code a ``%timeit``/
``%%timeit`` magic runs once per loop (``%%timeit`` with ``out = cuda.device_array(n)`` beside the kernels); not
where the timed code also copies with Numba (``cuda.to_device``, ``copy_to_host()``): an end-to-end offload. ``cupy.asarray``/``cupy.array`` of
host data allocates and copies host to device. Inside a region that also launches the work it measures (a kernel,
an operation on device arrays), these costs are timed with that work: the figure is allocation and transfer, not
the kernel, and a comparison of kernel variants that each allocate is compressed toward their common cost.

Not reported: a region with no other device work (it measures the transfer or the allocation itself, a "h2d"
timer), a measurement the code names as end-to-end (``def total_time``, ``h2d_ms = ...``), an allocation under an
``allocator=`` (a pool), PyTorch and CuPy factories (caching allocators: cheap, opt-in only), and Numba's
``cuda.to_device`` (tried: on the development sets its regions were end-to-end "Total time" figures of stream
experiments and CPU-vs-GPU comparisons, judged not WP104).
"""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._walk import stmt_nodes

_DRIVER_ALLOCS = frozenset({"pycuda.driver.mem_alloc", "pycuda.driver.mem_alloc_like", "pycuda.driver.mem_alloc_pitch"})
_NUMBA_ALLOCS = frozenset({"numba.cuda.device_array", "numba.cuda.device_array_like"})  # (not `to_device`: below)
_GPUARRAY = frozenset({"to_gpu", "to_gpu_async", "empty", "zeros", "empty_like", "zeros_like", "ones_like", "arange",
                       "GPUArray"})
_HOST_TO_DEVICE = frozenset({"cupy.asarray", "cupy.array"})
_NOT_WORK = frozenset({"pycuda.driver.memcpy_htod", "pycuda.driver.memcpy_dtoh", "pycuda.driver.memcpy_htod_async",
                       "pycuda.driver.memcpy_dtoh_async", "pycuda.driver.memcpy_dtod", "pycuda.driver.Context.synchronize",
                       "cupy.asnumpy"})


def driver_alloc(ctx: Context, c: ast.Call) -> str | None:
    """What ``c`` costs when it is a driver allocation or a host-to-device copy into new memory, else None."""
    q = ctx.call_name(c) or ""
    if any(k.arg == "allocator" for k in c.keywords):
        return None  # a pool the code chose
    if q in _DRIVER_ALLOCS:
        return "device allocation (`cuMemAlloc`; PyCUDA keeps no pool)"
    if q in _NUMBA_ALLOCS:
        return "device allocation (`cuMemAlloc`; Numba keeps no pool)"
    from ._runtime_allocs import runtime_alloc

    if q.startswith("cuda."):
        return runtime_alloc(ctx, c)
    if q.count(".") == 1 and (what := runtime_alloc(ctx, c)) is not None:
        return what  # `cuda.cudaMalloc(...)` of `cuda = ctypes.CDLL("...cudart...")`
    if isinstance(c.func, ast.Name) and c.func.id in ctx.functions:
        return _allocating_helper(ctx, ctx.functions[c.func.id])
    head, _, last = q.rpartition(".")
    if head == "pycuda.gpuarray" and last in _GPUARRAY:
        what = "host-to-device copy into a new device array" if last.startswith("to_gpu") else "device allocation"
        return f"{what} (`cuMemAlloc`; PyCUDA keeps no pool)"
    if q in _HOST_TO_DEVICE and c.args and isinstance(c.args[0], ast.Name) and \
            ctx._numpy_only(c.args[0].id):  # type: ignore[attr-defined]
        return "host-to-device copy into a new device array"
    return None


def _allocating_helper(ctx: Context, fn: ast.AST) -> str | None:
    """(twentieth session, jitrecall; set 79) A small function of the file whose work is one driver allocation of
    the CUDA runtime that it returns (``def malloc_buf(arr): ptr = c_void_p(); check(cuda.cudaMalloc(byref(ptr),
    arr.nbytes)); return ptr``): its call allocates as the allocation itself does. At most four statements, the last
    a ``return``."""
    from ._runtime_allocs import runtime_alloc

    body = getattr(fn, "body", [])
    if not body or len(body) > 4 or not isinstance(body[-1], ast.Return):
        return None
    for st in body:
        for n in ast.walk(st):
            if isinstance(n, ast.Call) and (what := runtime_alloc(ctx, n)) is not None:
                return f"{what}, in `{getattr(fn, 'name', '')}`"
    return None


def _measured_work(ctx: Context, r, allocs: set[int]) -> bool:
    """The region does device work of its own beside the allocations and copies: a kernel launch, an operation on
    device arrays."""
    from .._context import SYNC_FUNCS, SYNC_ATTRS, HIDDEN_SYNC_METHODS

    for c in r.calls():
        if id(c) in allocs:
            continue
        q = ctx.call_name(c) or ""
        m = ctx.method(c)
        if q in _NOT_WORK or q in SYNC_FUNCS or m in SYNC_ATTRS or m in HIDDEN_SYNC_METHODS or m == "get" or \
                driver_alloc(ctx, c) is not None:
            continue
        if _launch(ctx, c) or ctx.is_gpu_work(c):
            return True
    return any(ctx.is_matmul_on_gpu(n) for s in r.stmts() for n in stmt_nodes(s))  # `a @ cp.asarray(b_host)`


def _launch(ctx: Context, c: ast.Call) -> bool:
    """A kernel launch by its calling convention: PyCUDA's ``grid=``/``block=`` keywords, a name the file bound to a
    compiled kernel (``mod.get_function("k")``, ``ElementwiseKernel(...)``, ``cp.RawKernel(...)``), or
    ``kernel[grid, block](...)``."""
    if {k.arg for k in c.keywords} >= {"block"} and any(k.arg == "grid" for k in c.keywords):
        return True
    if isinstance(c.func, ast.Name) and c.func.id in getattr(ctx, "_kernels", ()):
        return True
    if isinstance(c.func, ast.Name):
        from .._timed_strings import string_kernel

        if string_kernel(ctx, c):
            return True  # `func = mod.get_function("k")` written in the `timeit` string itself
    return isinstance(c.func, ast.Subscript) and ctx.is_gpu_work(c)


def driver_alloc_findings(ctx: Context, r) -> list[tuple[ast.Call, str]]:
    """The driver allocations and host-to-device copies into new memory of a region that measures other device
    work, in order."""
    if r.kind not in ("event", "host"):
        return []
    calls = r.calls()
    if _named_end_to_end(r):
        return []  # `def total_time(...)`, `h2d_and_kernel = t1 - t0`: the code says the copies are measured
    if any(k.arg == "allocator" for c in calls for k in c.keywords):
        return []  # the region draws from a pool the code chose (`*_like` of such an array uses it too)
    found = [(c, what) for c in calls if (what := driver_alloc(ctx, c)) is not None]
    if _numba_transfers(ctx, calls):
        found = [(c, what) for c, what in found if (ctx.call_name(c) or "") not in _NUMBA_ALLOCS]
    skip = {id(c) for c, _ in found}
    if found and all((ctx.call_name(c) or "").startswith("cuda.") for c, _ in found):
        from ._runtime_allocs import memory_only_calls

        skip |= memory_only_calls(ctx, calls)  # CUDA Python's own fills and copies of the buffer: not the measured work
    if not found or not _measured_work(ctx, r, skip) or _lone_gpu_side(ctx, r):
        return []
    return found


def _lone_gpu_side(ctx: Context, r) -> bool:
    """The region is the file's only GPU measurement and the file also times host-only work: a CPU-versus-GPU
    comparison, whose GPU side readers take as the end-to-end cost of offloading (copies included), not as a kernel
    time (a comparison of kernel variants, or of sizes of one kernel, is reported)."""
    cached = ctx.__dict__.get("_wp_gpu_regions")
    if cached is None:
        gpu, host = [], 0
        for other in ctx.regions:
            if other.kind not in ("event", "host"):
                continue
            nodes = [n for s in other.stmts() for n in stmt_nodes(s)]
            if ctx.gpu_work_in(nodes) or any(_launch(ctx, c) for c in other.calls()):
                gpu.append(other)
            elif any(isinstance(n, (ast.Call, ast.BinOp)) for n in nodes):
                host += 1
        cached = ctx._wp_gpu_regions = (gpu, host)  # type: ignore[attr-defined]
    gpu, host = cached
    return host > 0 and len(gpu) == 1 and gpu[0] is r


_END_TO_END = frozenset({"total", "e2e", "overall", "transfer", "transfers", "copy", "copies", "memcpy", "h2d", "d2h",
                         "htod", "dtoh", "upload", "incl", "including", "roundtrip", "alloc", "allocation"})


_PRINTED_E2E = re.compile(r"(?i)\b(transfers?|cop(y|ies)|memcpy|h2d|d2h|htod|dtoh|upload|incl\w*|end[- ]to[- ]end|e2e)\b")


def _named_end_to_end(r) -> bool:
    """The name the code gives the measurement says it includes the copies: the function holding the region
    (``def total_time(host): ...``), the name the interval is bound to (``transfer_ms = ...``, ``total += ...``) or
    appended to, or a `print` right after the region (``"GPU time including transfers"``)."""
    names = [getattr(r.scope.node, "name", "") or "", r.samples or ""]
    st = r.interval
    if isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        names += [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    after = r.scope.stmts[r.hi + 1:r.hi + 7]  # `print("GPU time incl. transfers:", t1 - t0)` right after the region
    if any(isinstance(n, ast.Constant) and isinstance(n.value, str) and _PRINTED_E2E.search(n.value)
           for st in after for c in ast.walk(st) if isinstance(c, ast.Call) and dotted(c.func) == "print"
           for n in ast.walk(c)):
        return True
    for name in names:
        low = name.lower()
        words = {w for w in re.split(r"[^a-z0-9]+|(?<=[a-z])(?=[0-9])", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()) if w}
        if words & _END_TO_END or "end_to_end" in low or "endtoend" in low:
            return True
    return False


def magic_driver_allocs(ctx: Context) -> list[tuple[ast.Call, str, object]]:
    """(allocation, what it costs, the magic) for each driver allocation in the code a ``%timeit``/``%%timeit``
    magic runs, when that code also runs other GPU work (a kernel, a GPU ufunc): the allocation is timed in every
    loop with the work the magic reports. Not ``%time`` (one run, whose cold start other rules report)."""
    out: list[tuple[ast.Call, str, object]] = []
    if not ctx.magics:
        return out
    from .timeit_magic_on_gpu_work import _gpu_work, _nodes, timeit_trees

    for m, tree in timeit_trees(ctx):
        nodes = _nodes(tree)
        found = [(c, what) for c in nodes if isinstance(c, ast.Call) and
                 (what := driver_alloc(ctx, c)) is not None]
        if _numba_transfers(ctx, [n for n in nodes if isinstance(n, ast.Call)]):
            found = [(c, what) for c, what in found if (ctx.call_name(c) or "") not in _NUMBA_ALLOCS]
        if not found:
            continue
        allocs = {id(c) for c, _ in found}
        inner = {id(n) for c, _ in found for n in ast.walk(c)}
        rest = [n for n in nodes if id(n) not in inner and id(n) not in allocs]
        if _gpu_work(ctx, rest, m.line) is None:
            continue  # the magic times the allocation itself
        out.extend((c, what, m) for c, what in found)
    return out


def _numba_transfers(ctx: Context, calls: list[ast.Call]) -> bool:
    """The timed code copies between host and device with Numba itself (``cuda.to_device``, ``.copy_to_host()``):
    a measurement of the whole offload, copies in and out included, whose buffers are part of it (set 50
    ``gpu_add_with_stream.py``: default stream against five streams, end to end)."""
    return any(ctx.call_name(c) == "numba.cuda.to_device" or ctx.method(c) in ("copy_to_host", "to_device")
               for c in calls)
