"""A count divided by the samples' total is a throughput (total work over total time), the right figure for FPS or
tokens/s: a running FPS drawn on every frame (`len(ts) / sum(ts)`), frames over the summed frame time after the
loop, and tokens over the summed step times."""
import time

import torch

net = torch.nn.Conv2d(3, 16, 3).cuda().eval()
frames = [torch.randn(1, 3, 224, 224, device="cuda") for _ in range(64)]
net(frames[0])

frame_times = []
for idx, f in enumerate(frames):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    out = net(f)
    torch.cuda.synchronize()
    frame_times.append(time.perf_counter() - t0)
    label = "frame %d fps %.2f" % (idx, len(frame_times) / sum(frame_times))

took = []
for f in frames:
    torch.cuda.synchronize()  # expect-extra: WP101
    t1 = time.perf_counter()
    net(f)
    torch.cuda.synchronize()
    took.append(time.perf_counter() - t1)
n_frames = len(frames)
print(f"{n_frames / sum(took):.1f} FPS")

step_times = []
tokens = 0
for f in frames:
    torch.cuda.synchronize()  # expect-extra: WP101
    t2 = time.perf_counter()
    y = net(f)
    torch.cuda.synchronize()
    step_times.append(time.perf_counter() - t2)
    tokens += y.shape[1]
print(f"{tokens / sum(step_times):.0f} tokens/s")
