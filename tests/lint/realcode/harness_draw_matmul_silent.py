"""(twentieth session, jitrecall) Near miss of harness_draw_matmul_bad.py: the operands are drawn once on the GPU,
outside the callable, which only multiplies them; a draw inside the callable that no product or call takes (a
value returned beside the product) is no input of the measured work (silent)."""

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


x = torch.randn(1000, 1000, device="cuda")
y = torch.randn(1000, 1000, device="cuda")


def matmul_case():
    return x @ y


times = benchmark(run=matmul_case)
print("matmul ms", sum(times) / len(times))
