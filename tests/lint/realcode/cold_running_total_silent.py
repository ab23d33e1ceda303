"""Near misses of ``cold_running_total_bad.py``: the helper's running total starts after one untimed forward; a
total reset in every iteration is one sample per row (not a mean); a total over a data loader's batches is a
run over data, where the first batch is a small share; a total that leaves the first sample out
(``if i == 0: continue`` before the sum)."""

import time

import torch
from transformers import AutoModelForCausalLM


def mean_latency(net, ids, reps=5):
    with torch.no_grad():
        net(ids)
    total = 0.0
    for _ in range(reps):
        torch.cuda.synchronize()
        t0 = time.time()
        with torch.no_grad():
            net(ids)
        torch.cuda.synchronize()
        total += time.time() - t0
    return total / reps


def epoch_time(net, loader):
    spent = 0.0
    for batch in enumerate(loader):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.time()
        net(batch[1].cuda())
        torch.cuda.synchronize()
        spent += time.time() - t0
    return spent


def mean_after_first(net, ids, reps=5):
    total = 0.0
    for i in range(reps + 1):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.time()
        net(ids)
        torch.cuda.synchronize()
        dt = time.time() - t0
        if i == 0:
            continue
        total += dt
    return total / reps


if __name__ == "__main__":
    ids = torch.randint(0, 1000, (1, 512), device="cuda")
    net = AutoModelForCausalLM.from_pretrained("org/long-context", device_map="auto")
    print("latency", mean_latency(net, ids))
    other = AutoModelForCausalLM.from_pretrained("org/other", device_map="auto")
    third = AutoModelForCausalLM.from_pretrained("org/third", device_map="auto")
    print("latency", mean_after_first(third, ids))
    print("epoch", epoch_time(other, torch.utils.data.DataLoader(list(range(100)))))
