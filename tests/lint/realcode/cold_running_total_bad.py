"""Set 31 class (WP103, the first run averaged into a mean over T runs): each configuration loads a fresh model,
and a helper adds every synchronized sample to a running total (``total += time.time() - t0``) that it divides by
the count. The first sample, the model's first forward, is in the mean; nothing ran the model before. Reported
where the cold model is handed to the helper."""

import time

import torch
from transformers import AutoModelForCausalLM


def mean_latency(net, ids, reps=5):
    total = 0.0
    for _ in range(reps):
        torch.cuda.synchronize()
        t0 = time.time()
        with torch.no_grad():
            net(ids)
        torch.cuda.synchronize()
        total += time.time() - t0
    return total / reps


def mean_step(step, batch, n=10):
    acc = 0.0
    for _ in range(n):
        torch.cuda.synchronize()
        t_start = time.time()
        step(batch)
        torch.cuda.synchronize()
        t_end = time.time()
        acc = acc + (t_end - t_start)
    return acc / n


if __name__ == "__main__":
    ids = torch.randint(0, 1000, (1, 512), device="cuda")
    net = AutoModelForCausalLM.from_pretrained("org/long-context", device_map="auto")
    print("latency", mean_latency(net, ids))  # expect: WP103
    layer = torch.nn.Linear(512, 512).cuda()
    print("step", mean_step(layer, torch.randn(8, 512, device="cuda")))  # expect: WP103
