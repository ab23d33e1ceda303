"""A module built and moved to the device inside the callable a harness times (WP104): `ref_norm` constructs a
`RMSNormRef` and moves it to CUDA on every call, so every `do_bench` sample pays the construction, the parameter
allocations and the host-to-device copies, while the fused kernel it is compared with reuses its weight. Silent:
the module built once outside the callable, and a cast of an existing module (`.to(torch.bfloat16)`)."""
import torch
import triton


class RMSNormRef(torch.nn.Module):
    def __init__(self, n, eps=1e-6):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(n))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def ref_norm(x):
    norm = RMSNormRef(x.shape[-1]).to("cuda")  # expect: WP104
    return norm(x)


def fused_norm(x, w):
    return torch.nn.functional.rms_norm(x, (x.shape[-1],), w)


def cast_norm(x, norm):
    norm.to(torch.bfloat16)
    return norm(x.bfloat16())


x = torch.randn(4096, 4096, device="cuda")
w = torch.ones(4096, device="cuda")
built = RMSNormRef(4096).to("cuda")
print("ref", triton.testing.do_bench(lambda: ref_norm(x)))
print("fused", triton.testing.do_bench(lambda: fused_norm(x, w)))
print("built once", triton.testing.do_bench(lambda: built(x)))
print("cast", triton.testing.do_bench(lambda: cast_norm(x, built)))
