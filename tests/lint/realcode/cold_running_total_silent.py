"""Near misses of ``cold_running_total_bad.py``: the helper's running total starts after one untimed forward; a
total reset in every iteration is one sample per row (not a mean); a total over a data loader's batches is a
run over data, where the first batch is a small share."""

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


if __name__ == "__main__":
    ids = torch.randint(0, 1000, (1, 512), device="cuda")
    net = AutoModelForCausalLM.from_pretrained("org/long-context", device_map="auto")
    print("latency", mean_latency(net, ids))
    other = AutoModelForCausalLM.from_pretrained("org/other", device_map="auto")
    print("epoch", epoch_time(other, torch.utils.data.DataLoader(list(range(100)))))
