"""Near misses of inputs drawn one call deep in a harness sample (WP104 stays silent): the drawing function called
once before the harness, a sample that times the draw itself (nothing else runs), and a function of the file that
draws its own noise beside the work it does (a step of the algorithm, not input preparation)."""
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
print("adamw ms", triton.testing.do_bench(lambda: opt.step()))
print("randn fill ms", triton.testing.do_bench(lambda: fill_grads(params)))

x = torch.randn(256, 512, device=dev)
mlp = torch.nn.Sequential(torch.nn.Linear(512, 2048), torch.nn.GELU(), torch.nn.Linear(2048, 512)).to(dev)


def noisy_forward(inp):
    noise = torch.randn_like(inp) * 0.1
    return mlp(inp + noise)


print("noisy mlp ms", triton.testing.do_bench(lambda: noisy_forward(x)))
