"""Set 20 class: a timing helper that times one call of its callable parameter on GPU data between two
synchronizes, first handed a lambda around an op that never ran before: its one sample is the op's cold first call
(cuBLAS start-up), reported at that call site (WP103). Silent: the op run once before the helper is first called."""

import time

import torch


def benchmark(op) -> float:
    a = torch.randn(512, 512, device="cuda")
    b = torch.randn(512, 512, device="cuda")
    torch.cuda.synchronize()
    start = time.time()
    op(a, b)
    torch.cuda.synchronize()
    return (time.time() - start) * 1_000


def main() -> None:
    naive = benchmark(lambda x, y: torch.einsum("ik,kj->ij", x, y))  # expect: WP103
    fast = benchmark(lambda x, y: torch.matmul(x, y))
    print(f"einsum {naive:.2f} ms, matmul {fast:.2f} ms")


def measure(op) -> float:
    a = torch.randn(512, 512, device="cuda")
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    op(a)
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def warmed() -> None:
    w = torch.randn(8, 8, device="cuda")
    torch.relu(w)
    print(measure(lambda x: torch.relu(x)))


if __name__ == "__main__":
    main()
    warmed()
