"""Random inputs drawn one call deep in every harness sample (WP104): the callable handed to `do_bench` first calls a
function of the file whose only work is drawing fresh gradients into each parameter's `.grad`, then runs the
optimizer step being measured; a local `def run()` timed by `timeit` takes its batch from a function of the file
that returns a fresh draw. The RNG kernels and allocations are timed with the step."""
import timeit

import torch
import triton

dev = "cuda"
params = [torch.nn.Parameter(torch.randn(1024, 1024, device=dev)) for _ in range(8)]
opt = torch.optim.AdamW(params, lr=1e-3)


def fill_grads(ps):
    for p in ps:
        p.grad = torch.randn_like(p)


fill_grads(params)
opt.step()
print("adamw ms", triton.testing.do_bench(lambda: (fill_grads(params), opt.step())))  # expect: WP104

mlp = torch.nn.Sequential(torch.nn.Linear(512, 2048), torch.nn.GELU(), torch.nn.Linear(2048, 512)).to(dev)


def fresh_batch(n):
    return torch.randn(n, 512, device=dev)


def run():
    x = fresh_batch(256)  # expect: WP104
    y = mlp(x)
    torch.cuda.synchronize()
    return y


run()
print("mlp s", min(timeit.repeat(run, number=10, repeat=5)) / 10)
