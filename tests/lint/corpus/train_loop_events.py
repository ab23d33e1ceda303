"""A training loop timed correctly: pre-allocated events, read after the loop, median and spread reported."""
import statistics

import torch
import torch.nn.functional as F


def make_model(width=2048, depth=8):
    layers = []
    for _ in range(depth):
        layers += [torch.nn.Linear(width, width), torch.nn.ReLU()]
    return torch.nn.Sequential(*layers)


def main(steps=200, warmup=20, batch=256, width=2048):
    device = "cuda"
    model = make_model(width).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    x = torch.randn(batch, width, device=device)
    y = torch.randint(0, width, (batch,), device=device)

    def step():
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        return loss.detach()

    for _ in range(warmup):
        step()
    torch.cuda.synchronize()

    starts = [torch.cuda.Event(enable_timing=True) for _ in range(steps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(steps)]
    losses = []
    for i in range(steps):
        starts[i].record()
        losses.append(step())
        ends[i].record()
    torch.cuda.synchronize()
    iter_ms = [s.elapsed_time(e) for s, e in zip(starts, ends)]
    q = statistics.quantiles(iter_ms, n=20)
    print(f"iter median {statistics.median(iter_ms):.3f} ms  p5 {q[0]:.3f}  p95 {q[-1]:.3f}  n={len(iter_ms)}")
    print(f"final loss {losses[-1].item():.4f}")


if __name__ == "__main__":
    main()
