"""The callables of benchmarks/accuracy.py: kernels of our own choosing, and what users throw at a benchmark tool.

Each factory takes ``torch`` and returns a zero-argument callable with its inputs allocated (and, where it changes
global state such as CuPy's current stream, a ``cleanup`` attribute that undoes it). ``CASES`` maps a name to
``Case(factory, needs, desc, ref, ncu_calls, full)``: ``ref`` is the reference wprof is judged against (``"ncu"``:
the sum of ncu's ``gpu__time_duration`` over one call's kernels; ``"wall"``: a synchronized host-clock wall over a
long span, for work ncu cannot see: copies, host time); ``full``: also measured cold, and with do_bench and Timer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Case:
    factory: Any
    needs: str | None
    desc: str
    ref: str = "ncu"
    ncu_calls: int = 5
    full: bool = False
    adversarial: bool = False


# ----------------------------------------------------------------------------------------------- our own kernels
def k_add_1k(torch):
    a, b = torch.randn(1024, device="cuda"), torch.randn(1024, device="cuda")
    out = torch.empty_like(a)
    return lambda: torch.add(a, b, out=out)


def k_add_64mb(torch):
    a, b = torch.randn(1 << 24, device="cuda"), torch.randn(1 << 24, device="cuda")
    out = torch.empty_like(a)
    return lambda: torch.add(a, b, out=out)


def k_mm_bf16_4096(torch):
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    return lambda: torch.mm(a, b)


def k_copy_1gb(torch):
    src = torch.randn(1 << 28, device="cuda")
    dst = torch.empty_like(src)
    return lambda: dst.copy_(src)


def k_softmax_4096(torch):
    x = torch.randn(4096, 4096, device="cuda")
    return lambda: torch.softmax(x, dim=-1)


def _conv(torch, benchmark: bool):
    # cudnn.benchmark=True picks the algorithm by timing it, per process: the ncu driver may pick another kernel
    x = torch.randn(32, 128, 56, 56, device="cuda", dtype=torch.bfloat16).to(memory_format=torch.channels_last)
    w = torch.randn(128, 128, 3, 3, device="cuda", dtype=torch.bfloat16).to(memory_format=torch.channels_last)
    torch.backends.cudnn.benchmark = benchmark

    def call():
        return torch.nn.functional.conv2d(x, w, padding=1)

    call.cleanup = lambda: setattr(torch.backends.cudnn, "benchmark", False)
    return call


def k_conv2d_bf16(torch):
    return _conv(torch, False)


def k_triton_add_16m(torch):
    import triton
    import triton.language as tl

    from wprof.benchmark.adapters import triton_kernel

    @triton.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)

    n = 1 << 24
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    return triton_kernel(add_kernel, (triton.cdiv(n, 1024),), x, y, out, n, BLOCK=1024)


def k_cupy_saxpy_4m(torch):
    import cupy

    from wprof.benchmark.adapters import cupy_kernel

    kern = cupy.RawKernel(r"""
    extern "C" __global__ void saxpy(const float a, const float* x, const float* y, float* out, const int n) {
        int i = blockDim.x * blockIdx.x + threadIdx.x;
        if (i < n) out[i] = a * x[i] + y[i];
    }""", "saxpy")
    n = 1 << 22
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    fn = cupy_kernel(kern, ((n + 255) // 256,), (256,),
                     (cupy.float32(2.0), x.data_ptr(), y.data_ptr(), out.data_ptr(), cupy.int32(n)))
    fn.keep = (x, y, out)
    return fn


def k_compiled_gelu_8m(torch):
    from wprof.benchmark.adapters import compiled

    x = torch.randn(1 << 23, device="cuda")

    def f(t):
        return torch.nn.functional.gelu(t) * 2.0 + 1.0

    fn, _ = compiled(f, x)
    return fn


# ----------------------------------------------------------------------------------------------- adversarial
def _cupy_axpy(n: int):
    import cupy

    k = cupy.ElementwiseKernel("float32 x, float32 y", "float32 z", "z = 2.0f * x + y", "wprof_axpy")
    x = cupy.random.rand(n, dtype=cupy.float32)
    y = cupy.random.rand(n, dtype=cupy.float32)
    z = cupy.empty_like(x)
    cupy.cuda.Device().synchronize()
    return cupy, k, x, y, z


def k_cupy_elementwise_direct(torch):
    """Issue 11, case 1: a CuPy ElementwiseKernel called directly (CuPy's default stream, no adapter)."""
    cupy, k, x, y, z = _cupy_axpy(1 << 24)
    return lambda: k(x, y, z)


def k_cupy_own_stream(torch):
    """CuPy on its own non-blocking stream, made current with ``use()`` before bench (as a user script does)."""
    cupy, k, x, y, z = _cupy_axpy(1 << 24)
    s = cupy.cuda.Stream(non_blocking=True)
    s.use()

    def call():
        return k(x, y, z)

    call.cleanup = lambda: cupy.cuda.Stream.null.use()
    call.keep = s
    return call


def k_cupy_stream_inside(torch):
    """CuPy on its own non-blocking stream entered inside the callable: no harness can know it before it runs."""
    cupy, k, x, y, z = _cupy_axpy(1 << 24)
    s = cupy.cuda.Stream(non_blocking=True)

    def call():
        with s:
            k(x, y, z)

    return call


def k_mm_side_stream(torch):
    """Issue 11, case 2: torch.mm 4096² bf16 inside ``with torch.cuda.stream(side)``, not joined."""
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    c = torch.empty_like(a)
    side = torch.cuda.Stream()

    def call():
        with torch.cuda.stream(side):
            torch.mm(a, b, out=c)

    return call


def k_mm_side_joined(torch):
    """The same matmul on a side stream the callable forks from and joins back to the current stream."""
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    c = torch.empty_like(a)
    side = torch.cuda.Stream()

    def call():
        cur = torch.cuda.current_stream()
        side.wait_stream(cur)
        with torch.cuda.stream(side):
            torch.mm(a, b, out=c)
        cur.wait_stream(side)

    return call


def k_host_sleep(torch):
    """Issue 11, case 3: host work only."""
    return lambda: time.sleep(0.001)


def k_host_then_kernel(torch):
    """Mostly host: a Python loop, then a tiny kernel."""
    a, b = torch.randn(1024, device="cuda"), torch.randn(1024, device="cuda")
    out = torch.empty_like(a)

    def call():
        s = 0
        for i in range(4000):
            s += i
        torch.add(a, b, out=out)
        return s

    return call


def k_mlp_forward(torch):
    """Issue 11, case 4: Sequential(Linear 1024->4096, GELU, Linear) forward, bf16, batch 64."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024))
    model = model.to("cuda", torch.bfloat16)
    x = torch.randn(64, 1024, device="cuda", dtype=torch.bfloat16)
    return lambda: model(x)


def k_mm_bf16_8192(torch):
    """Issue 11, case 5: a big GEMM that runs at the power limit back to back."""
    a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
    c = torch.empty_like(a)
    return lambda: torch.mm(a, b, out=c)


def k_syncs(torch):
    """A callable that synchronizes: a matmul, then one element read back with ``.item()``."""
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    c = torch.empty_like(a)

    def call():
        torch.mm(a, b, out=c)
        return c[0, 0].item()

    return call


def k_allocates(torch):
    """A callable that allocates its output every call (64 MB, through the caching allocator) and fills it."""
    return lambda: torch.randn(4096, 4096, device="cuda")


def k_h2d_pinned(torch):
    """A 64 MB host-to-device copy from pinned memory (a copy engine, no kernel: ncu cannot see it)."""
    src = torch.randn(1 << 24).pin_memory()
    dst = torch.empty(1 << 24, device="cuda")
    return lambda: dst.copy_(src, non_blocking=True)


def k_h2d_pageable(torch):
    """A 16 MB host-to-device copy from pageable memory: staged by the driver, the host waits for it."""
    src = torch.randn(1 << 22)
    dst = torch.empty(1 << 22, device="cuda")
    return lambda: dst.copy_(src)


def k_adam_step(torch):
    """An optimizer step of many tiny kernels: Adam, foreach=False, 32 parameters of 64x1024."""
    torch.manual_seed(0)
    params = [torch.randn(64, 1024, device="cuda", requires_grad=True) for _ in range(32)]
    for p in params:
        p.grad = torch.randn_like(p)
    opt = torch.optim.Adam(params, lr=1e-4, foreach=False)
    opt.step()
    return opt.step


def k_compiled_graph_breaks(torch):
    """torch.compile of a function with a graph break in the middle (two compiled graphs, dynamo between)."""
    from wprof.benchmark.adapters import compiled

    x = torch.randn(1 << 20, device="cuda")

    def f(t):
        y = torch.sin(t) * 2.0
        torch._dynamo.graph_break()
        return torch.cos(y) + 1.0

    fn, _ = compiled(f, x)
    return fn


def k_data_dependent(torch):
    """Data-dependent work: boolean-mask indexing (the output size is read back by the host)."""
    x = torch.randn(1 << 22, device="cuda")
    return lambda: x[x > 0]


CASES: dict[str, Case] = {
    "add_1k": Case(k_add_1k, None, "torch.add, 1024 fp32", full=True),
    "add_64mb": Case(k_add_64mb, None, "torch.add, 16 Mi fp32 (64 MB)", full=True),
    "mm_bf16_4096": Case(k_mm_bf16_4096, None, "torch.mm, bf16 4096³", full=True),
    "copy_1gb": Case(k_copy_1gb, None, "copy_, 1 GB fp32 (device-to-device memcpy)", ref="wall", full=True),
    "softmax_4096": Case(k_softmax_4096, None, "torch.softmax, 4096×4096 fp32", full=True),
    "conv2d_bf16": Case(k_conv2d_bf16, None, "conv2d 3×3, 32×128×56×56 bf16 NHWC", full=True),
    "triton_add_16m": Case(k_triton_add_16m, "triton", "Triton add kernel, 16 Mi fp32", full=True),
    "cupy_saxpy_4m": Case(k_cupy_saxpy_4m, "cupy", "CuPy RawKernel saxpy via adapter, 4 Mi fp32", full=True),
    "compiled_gelu_8m": Case(k_compiled_gelu_8m, "triton", "torch.compile'd gelu*2+1, 8 Mi fp32", full=True),
    # issue 11's five
    "cupy_elementwise": Case(k_cupy_elementwise_direct, "cupy", "CuPy ElementwiseKernel called directly, 16 Mi fp32",
                             adversarial=True),
    "mm_side_stream": Case(k_mm_side_stream, None, "torch.mm 4096² bf16 on a side stream, not joined",
                           adversarial=True),
    "host_sleep": Case(k_host_sleep, None, "time.sleep(0.001) (host only)", ref="wall", ncu_calls=3,
                       adversarial=True),
    "mlp_forward": Case(k_mlp_forward, None, "MLP forward (Linear 1024→4096, GELU, Linear) bf16, batch 64",
                        adversarial=True),
    "mm_bf16_8192": Case(k_mm_bf16_8192, None, "torch.mm, bf16 8192³", ncu_calls=4, adversarial=True),
    # more of what users throw at a benchmark tool
    "cupy_own_stream": Case(k_cupy_own_stream, "cupy", "CuPy on its own stream (stream.use() before bench)",
                            adversarial=True),
    "cupy_stream_inside": Case(k_cupy_stream_inside, "cupy", "CuPy on its own stream entered inside the callable",
                               adversarial=True),
    "mm_side_joined": Case(k_mm_side_joined, None, "torch.mm 4096² bf16 on a side stream, joined", adversarial=True),
    "syncs": Case(k_syncs, None, "torch.mm 4096² bf16 then .item() (a sync in the callable)", adversarial=True),
    "allocates": Case(k_allocates, None, "torch.randn(4096, 4096) (allocates its output)", adversarial=True),
    "h2d_pinned": Case(k_h2d_pinned, None, "64 MB host-to-device copy, pinned, non_blocking", ref="wall",
                       adversarial=True),
    "h2d_pageable": Case(k_h2d_pageable, None, "16 MB host-to-device copy, pageable", ref="wall", adversarial=True),
    "adam_step": Case(k_adam_step, None, "Adam step, foreach=False, 32 params (~220 tiny kernels)", ncu_calls=2,
                      adversarial=True),
    "compiled_graph_breaks": Case(k_compiled_graph_breaks, "triton", "torch.compile'd function with a graph break",
                                  adversarial=True),
    "data_dependent": Case(k_data_dependent, None, "x[x > 0], 4 Mi fp32 (data-dependent size)", adversarial=True),
    "host_then_kernel": Case(k_host_then_kernel, None, "Python loop (4000 steps) then a 1024-element add",
                             ref="wall", adversarial=True),
}
