"""Set 15 classes: one call timed cold with CUDA events (an extension's kernel, the first `torch.mm` of the
process): events measure the device time of the kernels between the records, a steady-state number, so a one-off
cold call there is a default finding (WP103), also when the inputs come from a static method of the file that
makes them on the GPU (`device="cuda"` default). Silent: the same op warmed up by another function of the file
that runs first (`main()` then `quick_demo()` under `__main__`). Weak: the same work timed again later in the
function (a deliberate cold-vs-warm pair)."""

import torch
from torch.utils.cpp_extension import load_inline


class Utils:
    @staticmethod
    def make(m, n, k, dtype=torch.float16, device="cuda"):
        device = torch.device(device)
        return torch.randn(m, k, dtype=dtype, device=device), torch.randn(k, n, dtype=dtype, device=device)


def one_kernel(img):
    ext = load_inline(name="gray", cpp_sources="", cuda_sources="", functions=["rgb_to_gray"])
    x = img.cuda()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    y = ext.rgb_to_gray(x)  # expect: WP103
    end.record()
    torch.cuda.synchronize()
    print(f"Execution time: {start.elapsed_time(end):.2f} ms")
    return y


def quick_test(m=512, n=512, k=512):
    a, b = Utils.make(m, n, k)
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record()
    result = torch.mm(a, b)  # expect: WP103
    end.record()
    torch.cuda.synchronize()
    return result, start.elapsed_time(end)


def once_then_again(a):
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    s.record()
    torch.matmul(a, a)  # expect-extra: WP103 (weak evidence)
    e.record()
    e.synchronize()
    once = s.elapsed_time(e)
    s.record()
    torch.matmul(a, a)
    e.record()
    e.synchronize()
    print(f"once {once:.3f} ms, then {s.elapsed_time(e):.3f} ms")


def main():
    a = torch.randn(256, 256, dtype=torch.float16, device="cuda")
    for _ in range(5):
        torch.mm(a, a)
    torch.cuda.synchronize()


def quick_demo():
    a = torch.randn(256, 256, dtype=torch.float16, device="cuda")
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record()
    torch.mm(a, a)
    end.record()
    torch.cuda.synchronize()
    print(f"PyTorch GEMM: {start.elapsed_time(end):.3f} ms")


if __name__ == "__main__":
    print(quick_test())
    main()
    quick_demo()
    once_then_again(torch.randn(64, 64, device="cuda"))
    one_kernel(torch.zeros(3, 8, 8, dtype=torch.uint8))
