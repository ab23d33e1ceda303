"""(twentieth session, jitrecall) A timing helper of the file runs the callable it is handed between its readings;
the callable draws its operands on the host and copies them to the GPU, then multiplies them with `@`: the draws
feed the product (an operator, not a call), so the RNG, the allocations and the copies are timed as the matrix
product (WP104)."""

import time

import torch


def benchmark(run, warmups=2, trials=5):
    for _ in range(warmups):
        run()
        torch.cuda.synchronize()
    times = []
    for _ in range(trials):
        t0 = time.time()
        run()
        torch.cuda.synchronize()
        times.append((time.time() - t0) * 1000)
    return times


def matmul_case():
    x = torch.randn(1000, 1000).cuda()  # expect: WP104
    y = torch.randn(1000, 1000).cuda()
    return x @ y


times = benchmark(run=matmul_case)
print("matmul ms", sum(times) / len(times))
