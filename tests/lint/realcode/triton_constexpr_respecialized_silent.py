"""No WP112: the warm-up launch uses the same `tl.constexpr` values as the timed launch (written out the same, or
through a name bound to the same value), or values not known here (a loop over several), or it differs only in a
runtime (non-constexpr) argument, which does not specialize the kernel."""
import torch
import triton
import triton.language as tl


@triton.jit
def spin(x_ptr, n, REPS: tl.constexpr):
    v = tl.load(x_ptr)
    for _ in range(REPS):
        v = v + 1.0
    tl.store(x_ptr, v)


def same_value():
    reps = 128
    x = torch.zeros(1, device="cuda")
    spin[(1,)](x, 1, REPS=128)
    torch.cuda.synchronize()
    ev0, ev1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ev0.record()
    spin[(1,)](x, 1, REPS=reps)
    ev1.record()
    torch.cuda.synchronize()
    print(ev0.elapsed_time(ev1), "ms")


def runtime_argument_differs():
    x = torch.zeros(1, device="cuda")
    spin[(1,)](x, 1, REPS=64)
    torch.cuda.synchronize()
    ev0, ev1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ev0.record()
    spin[(1,)](x, 4096, REPS=64)
    ev1.record()
    torch.cuda.synchronize()
    print(ev0.elapsed_time(ev1), "ms")


def warmed_over_every_value(values):
    x = torch.zeros(1, device="cuda")
    for v in values:
        spin[(1,)](x, 1, REPS=v)
    spin[(1,)](x, 1, REPS=1)
    torch.cuda.synchronize()
    ev0, ev1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ev0.record()
    spin[(1,)](x, 1, REPS=32)
    ev1.record()
    torch.cuda.synchronize()
    print(ev0.elapsed_time(ev1), "ms")
