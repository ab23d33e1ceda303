"""Near misses of the flush before a call of a list's element (WP104 stays silent by default): a Triton launch by
subscript whose grid is a name (`scale[grid](x, out)`: a launch into a buffer made before, it allocates nothing),
and the elements of a list of modules timed after a flush with no warm-up run of any of them (each timed cold on
purpose: the flush is the opt-in part, reported only when WP104 is selected by code)."""
import time

import torch
import triton
import triton.language as tl


@triton.jit
def scale(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + i, tl.load(x_ptr + i, mask=i < n) * 2, mask=i < n)


def launch_time(n=1 << 20):
    x = torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    grid = (triton.cdiv(n, 1024),)
    scale[grid](x, out, n, BLOCK=1024)
    torch.cuda.empty_cache()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    scale[grid](x, out, n, BLOCK=1024)
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def cold_blocks(net, width=2048):
    samples = []
    for k in range(len(net.blocks)):
        x = torch.randn(4, width, device="cuda")
        torch.cuda.empty_cache()  # opt-in: WP104
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        y = net.blocks[k](x)
        torch.cuda.synchronize()
        samples.append(time.perf_counter() - t0)
    return samples
