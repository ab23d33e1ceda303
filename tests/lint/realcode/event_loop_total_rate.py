"""An event-timed loop with no warmup whose per-iteration times are added into a total that only makes a rate or a
mean (set 23 miss): the cold first iteration (cuDNN autotuning, allocator growth) is averaged in, WP103. The same
loop after a warmup pass, or a total kept as a total, is silent."""
import torch
import torch.nn as nn

net = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Conv2d(16, 8, 3)).cuda().eval()
batch = torch.randn(16, 3, 64, 64, device="cuda")
steps = 50


def images_per_second():
    spent = 0.0
    with torch.no_grad():
        for _ in range(steps):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            net(batch)  # expect: WP103
            b.record()
            torch.cuda.synchronize()
            step_s = a.elapsed_time(b) / 1000
            spent += step_s
    return steps * batch.shape[0] / spent


def warmed_rate():
    with torch.no_grad():
        for _ in range(5):
            net(batch)
        spent = 0.0
        for _ in range(steps):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            net(batch)
            b.record()
            torch.cuda.synchronize()
            spent += a.elapsed_time(b)
    return steps / spent


if __name__ == "__main__":
    print(images_per_second(), warmed_rate())
