"""Set-up logging that times a device choice and a dtype probe (`torch.tensor([1.0], device=dev, dtype=...)`):
the tensor is built on the host from values written in the code and copied over from pageable memory, a copy
that returns once it is done, so the elapsed set-up time is right (set 76). Silent: the probe and an autocast
context are the only device work. The bad neighbour below times a forward pass after such a probe with no
synchronize: the model's kernels are only queued when the clock is read."""
import time

import torch


def pick_device():
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def prepare(want_bf16):
    t_prep = time.time()
    dev = pick_device()
    name = "float32"
    if want_bf16 and dev == "cuda":
        try:
            probe = torch.tensor([1.0, -2.0], device=dev, dtype=torch.bfloat16)
            name = "bfloat16"
        except RuntimeError:
            name = "float16"
    amp = torch.autocast(device_type=dev, dtype=getattr(torch, name))
    print(f"[{time.time() - t_prep:.2f}s] device {dev} ready, dtype {name}")
    return dev, amp


def first_forward(net, batch):
    dev, amp = prepare(True)
    net = net.to(dev)
    net(batch.to(dev))
    t_fwd = time.time()
    scale = torch.tensor([0.5], device=dev)
    out = net(batch.to(dev) * scale)
    print(f"forward took {time.time() - t_fwd:.3f}s")  # expect: WP102
    return out
