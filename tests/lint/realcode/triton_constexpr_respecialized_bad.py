"""WP112: a Triton kernel warmed up with other `tl.constexpr` values than the timed launch. Each new constexpr value
is a new specialization, compiled on its first launch, so the timed launch compiles: a keyword literal, a name bound
to a literal, and a positional constexpr argument."""
import torch
import triton
import triton.language as tl


@triton.jit
def spin(x_ptr, REPS: tl.constexpr):
    v = tl.load(x_ptr)
    for _ in range(REPS):
        v = v + 1.0
    tl.store(x_ptr, v)


@triton.jit
def scale(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2.0, mask=offs < n)


def keyword_literal():
    x = torch.zeros(1, device="cuda")
    spin[(1,)](x, REPS=1)
    torch.cuda.synchronize()
    ev0, ev1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ev0.record()
    spin[(1,)](x, REPS=128)  # expect: WP112
    ev1.record()
    torch.cuda.synchronize()
    print(ev0.elapsed_time(ev1), "ms")


def named_value():
    reps_timed = 256
    x = torch.zeros(1, device="cuda")
    spin[(1,)](x, REPS=2)  # warm-up
    torch.cuda.synchronize()
    ev0, ev1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ev0.record()
    spin[(1,)](x, REPS=reps_timed)  # expect: WP112
    ev1.record()
    torch.cuda.synchronize()
    print(ev0.elapsed_time(ev1), "ms")


def positional_block():
    n = 1 << 20
    x = torch.ones(n, device="cuda")
    scale[(triton.cdiv(n, 64),)](x, n, 64)
    torch.cuda.synchronize()
    ev0, ev1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ev0.record()
    scale[(triton.cdiv(n, 1024),)](x, n, 1024)  # expect: WP112
    ev1.record()
    torch.cuda.synchronize()
    print(ev0.elapsed_time(ev1), "ms")
