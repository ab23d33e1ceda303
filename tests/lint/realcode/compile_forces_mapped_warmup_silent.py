"""A per-batch timing function handed to a dataset map twice: first over a few warm-up batches (which the compile
option forces on), then over the data that is kept. The compiled model's first call falls in the warm-up map."""
import argparse

import torch


def run(opts):
    net = torch.nn.Linear(80, 32).cuda()
    if opts.compile_mode is not None:
        net = torch.compile(net, mode=opts.compile_mode)
        if not opts.warm_batches:
            opts.warm_batches = 8  # compiling needs warm-up batches before the timed ones

    def timed_batch(rows):
        feats = torch.as_tensor(rows["feats"], device="cuda")
        torch.cuda.synchronize()
        t_a = torch.cuda.Event(enable_timing=True)
        t_b = torch.cuda.Event(enable_timing=True)
        t_a.record()
        with torch.no_grad():
            logits = net(feats)
        t_b.record()
        torch.cuda.synchronize()
        rows["ms"] = [t_a.elapsed_time(t_b)] * len(rows["feats"])
        rows["label"] = logits.argmax(-1).tolist()
        return rows

    table = make_table()
    if opts.warm_batches:
        for _ in table.select(range(opts.warm_batches * 4)).map(timed_batch, batched=True, batch_size=4):
            pass
    scored = table.map(timed_batch, batched=True, batch_size=4)
    print("ms per batch", sum(scored["ms"]) / len(scored))


def make_table():
    from datasets import Dataset
    return Dataset.from_dict({"feats": [[0.5] * 80] * 64})


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--compile_mode", default=None)
    ap.add_argument("--warm_batches", type=int, default=0)
    run(ap.parse_args())
