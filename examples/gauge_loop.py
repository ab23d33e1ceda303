"""``for batch in wprof.Gauge(loader, ...)``: time a training loop by wrapping its loader.

Each iteration prints ``0:[wprof] [0005]: iter ... ms, data ... ms, fps ...`` (a few iterations late on CUDA: the
gauge reads its events only once the GPU passed them); at the window's end an ``Average:`` line, findings and the
result files under ./wprof-results. Runs on CUDA when present, else on the CPU (host clock, said so).

    python examples/gauge_loop.py
    WPROF="5,30;--log-interval=5;--dmon" python examples/gauge_loop.py     # options from the environment
"""

import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

import wprof


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--out", default="wprof-results")
    args = p.parse_args()

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(128, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
    model = model.to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    data = TensorDataset(torch.randn(args.steps * args.batch_size, 128),
                         torch.randint(10, (args.steps * args.batch_size,)))
    loader = DataLoader(data, batch_size=args.batch_size, shuffle=True, drop_last=True)

    gauge = wprof.Gauge(loader, global_batch_size=args.batch_size, warmup=5, iters=30, log_interval=5,
                        name="gauge_loop", out_dir=args.out,
                        flops_per_sample=6 * sum(p.numel() for p in model.parameters()),  # 6 x params: fwd + bwd
                        dtype="fp32")  # the MFU peak: this model trains in fp32 (tf32 peak when torch allows TF32)
    for x, y in gauge:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        with gauge.phase("forward"):
            loss = nn.functional.cross_entropy(model(x), y)
        with gauge.phase("backward"):
            loss.backward()
        with gauge.phase("optimizer"):
            opt.step()
            opt.zero_grad(set_to_none=True)

    result = gauge.result  # also written to <out>/gauge_loop.json and .jsonl
    print(f"median step {result.summary('step_ms').median:.3f} ms over {result.n} iterations ({result.status})")


if __name__ == "__main__":
    main()
