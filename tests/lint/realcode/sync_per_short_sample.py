"""WP101 on short samples (set 24): a synchronize in every iteration around one µs-scale op; and the near misses
whose samples are long or not shown to be short (silent, or weak with `extra`)."""
import sys
import time

import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + offs, tl.load(src + offs, mask=offs < n) * 2.0, mask=offs < n)


def scale(v):
    out = torch.empty_like(v)
    n = v.numel()
    scale_kernel[(triton.cdiv(n, 1024),)](v, out, n, BLOCK=1024)
    return out


a = torch.rand(1 << 20, device="cuda")
b = torch.rand(1 << 20, device="cuda")
net = torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.ReLU()).cuda()
for _ in range(3):  # warm everything up
    scale(a)
    torch.sigmoid(a)
    d = torch.sub(a, b)
    net(a[:1024])
torch.cuda.synchronize()


def per_sample_end_sync(reps=10):  # ten samples are enough to show it: the op is short
    lat = []
    for _ in range(reps):
        begin = time.time()
        scale(a)
        torch.cuda.synchronize()  # expect: WP101
        lat.append(time.time() - begin)
    return sorted(lat)


def whole_loop(reps=200):
    torch.sub(a, b)
    torch.cuda.synchronize()
    begin = time.perf_counter()
    for _ in range(reps):
        d = torch.sub(a, b)
        torch.cuda.synchronize()  # expect: WP101
    return (time.perf_counter() - begin) / reps


def events_per_launch(reps=50):
    e0 = torch.cuda.Event(enable_timing=True)
    e1 = torch.cuda.Event(enable_timing=True)
    ms = []
    for _ in range(reps):
        e0.record()
        torch.sigmoid(a)
        e1.record()
        e1.synchronize()  # expect: WP101
        ms.append(e0.elapsed_time(e1))
    return sorted(ms)


# silent: a model forward per sample (its length is not shown); weak with `extra`
def model_latency(reps=100):
    lat = []
    for _ in range(reps):
        torch.cuda.synchronize()  # expect-extra: WP101
        begin = time.perf_counter()
        net(a[:1024])
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - begin)
    return sorted(lat)


# silent: each iteration times another input (a sweep, not repeated samples)
def sweep(sizes=(1 << 10, 1 << 14, 1 << 18)):
    xs = [torch.rand(n, device="cuda") for n in sizes]
    for v in xs:
        torch.sigmoid(v)
    lat = []
    for v in xs:
        begin = time.perf_counter()
        torch.sigmoid(v)
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - begin)
    return lat


# silent: a matmul's length depends on its sizes; a large elementwise op is not µs-scale
big = torch.rand(8192, 8192, device="cuda")
torch.exp(big)
sq = torch.mm(big, big)
torch.cuda.synchronize()


def large_ops(reps=20):
    lat = []
    for _ in range(reps):
        begin = time.perf_counter()
        torch.exp(big)
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - begin)
    torch.mm(big, big)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        sq = torch.mm(big, big)
        torch.cuda.synchronize()
    return sorted(lat), (time.perf_counter() - t0) / reps


# silent: one synchronize after the loop, events read after it
def right_way(reps=100):
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for i in range(reps):
        starts[i].record()
        scale(a)
        ends[i].record()
    torch.cuda.synchronize()
    return sorted(s.elapsed_time(e) for s, e in zip(starts, ends))


# a one-op torch.nn module and a wrapper whose only loop is host arithmetic (set 24's layer norm practice file)
norm = torch.nn.LayerNorm(1024).cuda()
rows = torch.randn(256, 1024, device="cuda")


def pow2_scale(v):
    block = 1
    while block < 1024:
        block *= 2
    out = torch.empty_like(v)
    scale_kernel[(triton.cdiv(v.numel(), block),)](v, out, v.numel(), BLOCK=block)
    return out


def modules_and_wrappers(reps=100):
    for _ in range(5):
        norm(rows)
        pow2_scale(rows)
    torch.cuda.synchronize()
    lat_norm, lat_scale = [], []
    for _ in range(reps):
        t0 = time.perf_counter()
        norm(rows)
        torch.cuda.synchronize()  # expect: WP101
        lat_norm.append(time.perf_counter() - t0)
    for _ in range(reps):
        t0 = time.perf_counter()
        pow2_scale(rows)
        torch.cuda.synchronize()  # expect: WP101
        lat_scale.append(time.perf_counter() - t0)
    return sorted(lat_norm), sorted(lat_scale)


# silent: a wrapper that launches in a loop (one kernel per chunk): its length grows with the data
def chunked(v, parts=64):
    outs = []
    for piece in v.chunk(parts):
        outs.append(torch.sigmoid(piece))
    return torch.cat(outs)


def chunked_latency(reps=100):
    for _ in range(5):
        chunked(rows)
    torch.cuda.synchronize()
    lat = []
    for _ in range(reps):
        t0 = time.perf_counter()
        chunked(rows)
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - t0)
    return sorted(lat)


# a Triton kernel with a loop (a row reduction over column blocks): short when the file shows its operands small
@triton.jit
def row_sum_kernel(src, dst, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(src + row * n_cols + offs, mask=offs < n_cols, other=0.0)
    tl.store(dst + row, tl.sum(acc, axis=0))


def row_sums(m, reps=10):
    out = torch.empty(64, device="cuda")
    row_sum_kernel[(m.shape[0],)](m, out, m.shape[1], BLOCK=128)
    torch.cuda.synchronize()
    e0 = torch.cuda.Event(enable_timing=True)
    e1 = torch.cuda.Event(enable_timing=True)
    ms = []
    for _ in range(reps):
        e0.record()
        row_sum_kernel[(m.shape[0],)](m, out, m.shape[1], BLOCK=128)
        e1.record()
        e1.synchronize()  # expect: WP101
        ms.append(e0.elapsed_time(e1))
    return sorted(ms)


small = torch.randn(64, 1000, device="cuda")
print(row_sums(small))


# silent: the same kernel over an operand of 16M elements (its loop makes each sample long enough)
def row_sums_big(m, reps=10):
    out = torch.empty(4096, device="cuda")
    row_sum_kernel[(m.shape[0],)](m, out, m.shape[1], BLOCK=128)
    torch.cuda.synchronize()
    e0 = torch.cuda.Event(enable_timing=True)
    e1 = torch.cuda.Event(enable_timing=True)
    ms = []
    for _ in range(reps):
        e0.record()
        row_sum_kernel[(m.shape[0],)](m, out, m.shape[1], BLOCK=128)
        e1.record()
        e1.synchronize()
        ms.append(e0.elapsed_time(e1))
    return sorted(ms)


huge = torch.randn(4096, 4096, device="cuda")
print(row_sums_big(huge))


# weak (`extra` only): a short op on a tensor whose size the file does not give (read from the command line)
n_from_cli = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 20
data = torch.randn(n_from_cli, device="cuda")
torch.exp(data)
torch.cuda.synchronize()
cli_lat = []
for _ in range(100):
    t0 = time.perf_counter()
    torch.exp(data)
    torch.cuda.synchronize()  # expect-extra: WP101
    cli_lat.append(time.perf_counter() - t0)
print(sorted(cli_lat)[50])


# a function of the file with no arguments that computes on module tensors on CUDA (a closure-style step)
def step():
    return a * b


step()
torch.cuda.synchronize()
step_lat = []
for _ in range(50):
    t0 = time.perf_counter()
    step()
    torch.cuda.synchronize()  # expect: WP101
    step_lat.append(time.perf_counter() - t0)
print(sorted(step_lat)[25])
