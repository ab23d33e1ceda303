"""Sets 14/39 class: a per-item loop over data (prompts, a loader's batches, questions) times each item and carries
the samples into a figure the code labels as a speed; nothing ran the model before, so the first item's start-up
is in the throughput or latency."""
import json
import time

import torch
from tqdm import tqdm


def decode_speed(lm, prompts):
    total_s, total_tokens = 0.0, 0
    for ids in prompts:
        ids = ids.cuda()
        t0 = time.perf_counter()
        out = lm.generate(ids, max_new_tokens=64)  # expect: WP103
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        total_s += dt
        total_tokens += out.shape[1] - ids.shape[1]
    print(f"decode throughput {total_tokens / total_s:.1f} tokens/s")


def batch_latency(net, loader):
    lat = []
    with torch.no_grad():
        for x, _ in loader:
            x = x.cuda(non_blocking=True)
            torch.cuda.synchronize()  # expect-extra: WP101
            start = time.time()
            net(x)
            torch.cuda.synchronize()
            lat.append(time.time() - start)
    return {"latency_ms": 1e3 * sum(lat) / len(lat), "n": len(lat)}  # expect: WP105


def answer_all(model, questions):
    spent = 0.0
    for i, q in enumerate(tqdm(questions)):
        t = time.time()
        model(q.cuda())
        torch.cuda.synchronize()
        spent += time.time() - t
    print(json.dumps({"avg latency": spent / len(questions)}))


def main():
    lm = torch.nn.Linear(128, 128).cuda()
    decode_speed(lm, [torch.randn(1, 128) for _ in range(8)])
    net = torch.nn.Conv2d(3, 8, 3).cuda()
    print(batch_latency(net, [(torch.randn(4, 3, 32, 32), 0) for _ in range(8)]))  # expect: WP103
    model = torch.nn.GRU(64, 64).cuda()
    answer_all(model, [torch.randn(5, 1, 64) for _ in range(8)])  # expect: WP103


if __name__ == "__main__":
    main()
