"""Set 17 class (anak1st): a timing helper that times one matmul on the GPU and returns the interval, called in a
loop of N samples that are summed and averaged, with no warmup before the loop: the first sample holds cuBLAS
start-up and the mean carries it (WP103, at the timed call in the helper); the same for a helper called once per
size of a sweep (the first row is cold). Silent: the same helper warmed by one
call before the loop, a helper whose samples are summarized by their median, the mean of the samples after the
first (`samples[1:]`), a first sample skipped by `if i == 0: continue`, the CPU run, a loop over a dataset's
batches (a run's total: set 25, cby), and a second helper whose model runs after another GPU model in the same
iteration (the start-up is paid: set 25). The finding names the model's call, not a host helper before it
(`ref.prepare_inputs(x)`)."""

import statistics
import time

import numpy as np
import torch

gpu = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


def matmul_time(n, device):
    a = torch.tensor(np.random.rand(n, n), device=device)
    b = torch.tensor(np.random.rand(n, n), device=device)
    torch.cuda.synchronize()
    start = time.perf_counter()
    c = a @ b  # expect: WP103
    torch.cuda.synchronize()
    cost = time.perf_counter() - start
    return cost


def average(reps, n, device):
    total = 0.0
    for _ in range(reps):
        total += matmul_time(n, device)
    total /= reps
    print(f"[{device}] mean: {total:.5f} s")


def conv_time(x, w):
    torch.cuda.synchronize()
    start = time.perf_counter()
    y = torch.nn.functional.conv2d(x, w)
    torch.cuda.synchronize()
    return time.perf_counter() - start


def conv_median(reps):
    x = torch.randn(8, 3, 64, 64, device="cuda")
    w = torch.randn(16, 3, 3, 3, device="cuda")
    samples = []
    for _ in range(reps):
        samples.append(conv_time(x, w))
    print(statistics.median(samples))


def pool_time(x):
    torch.cuda.synchronize()
    start = time.perf_counter()
    y = torch.nn.functional.max_pool2d(x, 2)
    torch.cuda.synchronize()
    return time.perf_counter() - start


def pool_mean(reps):
    x = torch.randn(8, 3, 64, 64, device="cuda")
    pool_time(x)
    samples = []
    for _ in range(reps):
        samples.append(pool_time(x))
    print(sum(samples) / len(samples))  # expect: WP105


def softmax_time(x):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    torch.softmax(x, dim=-1)  # expect: WP103
    end.record()
    torch.cuda.synchronize()  # expect: WP101
    return start.elapsed_time(end)


def softmax_mean(reps):
    x = torch.randn(64, 4096, device="cuda")
    samples = []
    for _ in range(reps):
        samples.append(softmax_time(x))
    print(statistics.mean(samples))  # expect: WP105


def relu_time(x):
    torch.cuda.synchronize()
    start = time.perf_counter()
    torch.relu(x)
    torch.cuda.synchronize()  # expect: WP101
    return time.perf_counter() - start


def relu_trimmed(reps):
    x = torch.randn(64, 4096, device="cuda")
    samples = []
    for _ in range(reps + 1):
        samples.append(relu_time(x))
    print(np.mean(samples[1:]))  # expect: WP105


def gelu_time(x):
    torch.cuda.synchronize()
    start = time.perf_counter()
    torch.nn.functional.gelu(x)
    torch.cuda.synchronize()  # expect: WP101
    return time.perf_counter() - start


def gelu_skip_first(reps):
    x = torch.randn(64, 4096, device="cuda")
    total = 0.0
    for i in range(reps + 1):
        t = gelu_time(x)
        if i == 0:
            continue
        total += t
    print(total / reps)


def layernorm_time(n):
    x = torch.randn(n, 1024, device="cuda")
    torch.cuda.synchronize()
    start = time.perf_counter()
    torch.nn.functional.layer_norm(x, (1024,))  # expect: WP103
    torch.cuda.synchronize()
    return time.perf_counter() - start


def layernorm_sweep(sizes=(64, 256, 1024)):
    for n in sizes:
        t = layernorm_time(n)
        print(n, t)


net = torch.nn.Linear(1024, 1024).cuda()
ref = torch.nn.Linear(1024, 1024).cuda()
other = torch.nn.Linear(1024, 1024).cuda()


def net_time(batch):
    x = torch.tensor(batch, device="cuda")
    start = time.time()
    net(x)
    torch.cuda.synchronize()
    return time.time() - start


def dataset_totals(prompts, bs=8):
    total = 0.0
    for i in range(0, len(prompts), bs):
        total += net_time(prompts[i:i + bs])
    print(total)


def ref_time(x):
    start = time.time()
    ref.prepare_inputs(x)
    ref(x)  # expect: WP103
    torch.cuda.synchronize()
    return time.time() - start


def other_time(x):
    start = time.time()
    other(x)
    torch.cuda.synchronize()
    return time.time() - start


def paired(reps=10):
    x = torch.randn(8, 1024, device="cuda")
    t_ref = t_other = 0.0
    for _ in range(reps):
        t_ref += ref_time(x)
        t_other += other_time(x)
    print(t_ref / reps, t_other / reps)


if __name__ == "__main__":
    average(20, 2000, gpu)
    average(20, 1000, torch.device("cpu"))
    conv_median(20)
    pool_mean(20)
    softmax_mean(20)
    relu_trimmed(20)
    gelu_skip_first(20)
    layernorm_sweep()
    dataset_totals([[0.0] * 1024] * 64)
    paired()
