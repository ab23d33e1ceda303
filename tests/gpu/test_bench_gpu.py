"""Issue 3 on a real GPU: launch-bound detection, graph vs eager, cache policies, floor, telemetry, compare, adapters.

Bounds are wide (any sane GPU); the accuracy claims live in benchmarks/accuracy.py, not here.
"""

import pytest

torch = pytest.importorskip("torch")

import wprof  # noqa: E402

pytestmark = pytest.mark.gpu


def codes(r):
    return {w.code for w in r.warnings}


def test_tiny_add_is_launch_bound_and_device_time_is_below_eager():
    a, b = torch.randn(1024, device="cuda"), torch.randn(1024, device="cuda")
    out = torch.empty_like(a)
    r = wprof.bench(lambda: torch.add(a, b, out=out))
    assert r.extra["headline"] == "device" and r.mode in ("graph", "prequeued")
    assert r.extra["decision"]["launch_bound"] and "launch-bound" in codes(r)
    assert r.summary.median < r.extra["eager_ms"]
    assert r.summary.median < 0.010  # a 4 KB add runs in a few µs once the host is out
    assert r.extra["floor"]["floor_ms"] > 0 and r.extra["floor"]["per_call_ms"] > 0
    # near the floor: one call on its own is timed too (pre-queued call in its own pair, less an empty pair)
    assert "near-floor" in codes(r) and r.extra["floor"]["pair_ms"] >= 0
    assert r.extra["isolated_ms"] is not None and r.extra["isolated"]["single_in_pair_ms"] > r.summary.median
    assert r.extra["isolated_ms"] < 0.010


def test_floor_is_cached_within_a_process():
    a = torch.randn(1 << 16, device="cuda")
    wprof.bench(lambda: a.mul(2.0), iters=10)
    r = wprof.bench(lambda: a.mul(2.0), iters=10)
    assert r.extra["floor"]["cached"] is True and r.extra["floor"]["floor_ms"] > 0


def test_big_matmul_device_headline_with_per_call_beside():
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    r = wprof.bench(lambda: torch.mm(a, b))
    assert r.extra["headline"] == "device" and r.mode in ("graph", "prequeued")
    assert r.summary.median == r.extra["device_ms"] and len(r.extra["pilot"]["eager_samples_ms"]) >= 5
    assert "device_ms" in r.extra and "eager_ms" in r.extra
    assert 0.5 < r.extra["device_ms"] / r.extra["eager_ms"] < 1.5
    assert "telemetry" in r.extra


def test_big_memcpy_graph_never_beats_eager_silently():
    src = torch.randn(1 << 26, device="cuda")
    dst = torch.empty_like(src)
    r = wprof.bench(lambda: dst.copy_(src), mode="graph")
    if r.mode == "graph":
        assert r.extra["graph"]["pilot_ms"] <= r.extra["pilot"]["device_samples_ms"][0] * 1.2
    else:
        assert "graph-slower" in codes(r) or "graph-capture-failed" in codes(r)


def test_capture_failure_falls_back():
    x = torch.randn(1024, device="cuda")

    def syncs():
        y = x + 1
        return y.sum().item()  # a host sync: not capturable

    r = wprof.bench(syncs, mode="graph", iters=10)
    assert "graph-capture-failed" in codes(r)
    # the sync inside makes host and device take turns: the cross-check gives the synchronized wall (issue 11)
    assert r.mode == "wall" and r.extra["crosscheck"]["cause"] == "host-sync"


def test_cold_and_rotate():
    a = torch.randn(1 << 20, device="cuda")
    rc = wprof.bench(lambda: a.mul(2.0), cache="cold", iters=30)
    assert rc.extra["cache"]["policy"] == "cold" and rc.extra["cache"]["flush_bytes"] > 0
    rc2 = wprof.bench(lambda: a.mul(2.0), cache="cold")  # default mode: one call per pre-queued pair, pair removed
    assert rc2.mode == "prequeued" and rc2.calls_per_sample == 1
    assert 0 <= rc2.extra["isolated_ms"] <= rc2.summary.median
    rr = wprof.bench(lambda t: t.mul(2.0), args=(a,), cache="rotate", iters=30)
    assert rr.extra["cache"]["rotate_copies"] >= 2


def test_telemetry_present_or_said():
    a = torch.randn(1 << 22, device="cuda")
    r = wprof.bench(lambda: a.mul(2.0), iters=50)
    t = r.extra["telemetry"]
    assert t["available"] in (True, False)
    if t["available"]:
        assert t["metrics"]["sm_clock_mhz"]["max"] > 0
    else:
        assert t["unavailable_reason"]


def test_compare_interleaved_finds_the_bigger_add():
    a, b = torch.randn(1 << 22, device="cuda"), torch.randn(1 << 24, device="cuda")
    r = wprof.compare(lambda: a.mul(2.0), lambda: b.mul(2.0), budget_s=1.0)
    assert r.verdict == "slower" and r.ratio > 2


def test_triton_adapter():
    triton = pytest.importorskip("triton")
    import triton.language as tl

    from wprof.benchmark.adapters import triton_kernel

    @triton.jit
    def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2, mask=m)

    x = torch.randn(1 << 20, device="cuda")
    out = torch.empty_like(x)
    r = wprof.bench(triton_kernel(k, (triton.cdiv(x.numel(), 1024),), x, out, x.numel(), BLOCK=1024), iters=20)
    assert r.summary.median > 0 and torch.allclose(out, x * 2)


def test_cupy_adapter_on_torch_stream():
    cupy = pytest.importorskip("cupy")
    from wprof.benchmark.adapters import cupy_kernel

    kern = cupy.RawKernel(r'''extern "C" __global__ void twice(const float* x, float* y, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = 2.0f * x[i]; }''', "twice")
    x = torch.randn(1 << 20, device="cuda")
    y = torch.empty_like(x)
    fn = cupy_kernel(kern, ((x.numel() + 255) // 256,), (256,), (x.data_ptr(), y.data_ptr(), cupy.int32(x.numel())))
    r = wprof.bench(fn, iters=20)
    assert r.summary.median > 0 and torch.allclose(y, x * 2)


def test_compiled_adapter_excludes_compile():
    pytest.importorskip("triton")
    from wprof.benchmark.adapters import compiled

    x = torch.randn(1 << 20, device="cuda")
    fn, compile_s = compiled(lambda t: torch.nn.functional.gelu(t) + 1, x)
    r = wprof.bench(fn, iters=20)
    assert compile_s > 0 and r.summary.median * 1e-3 < compile_s
