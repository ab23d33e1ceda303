"""Clocks around runs rather than samples: a periodic stop-the-clock for validation, a clock restarted only after
validation, an evaluation over a dataset, a one-off job over a model's blocks; and a per-step clock that really
measures only the launch."""
import time

import torch

model = torch.nn.Linear(1024, 1024).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(64, 1024, device="cuda")
data = torch.randn(100_000, 1024, device="cuda")
sync = torch.cuda.synchronize if torch.cuda.is_available() else (lambda: None)


def evaluate(batches):
    total = 0.0
    for xb in batches:
        total = total + model(xb).sum()
    return total


def validate():
    return model(x).sum().item()


def quantize_blocks(blocks):
    for block in blocks:
        block.weight.data = block.weight.data.half().float()


if __name__ == "__main__":
    training_ms = 0.0
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for step in range(1000):
        if step % 100 == 0:
            torch.cuda.synchronize()  # stop the clock for validation, every 100 steps only
            training_ms += 1000 * (time.perf_counter() - t0)
            evaluate([x])
            torch.cuda.synchronize()
            t0 = time.perf_counter()
        model(x).sum().backward()
        opt.step()
        print(f"step {step} approx {training_ms + 1000 * (time.perf_counter() - t0):.0f} ms")

    t0 = time.perf_counter()
    with torch.no_grad():
        for i in range(0, data.shape[0], 1024):  # over the data: an evaluation run
            y = model(data[i:i + 1024])
    sync()
    print("eval", time.perf_counter() - t0)

    t0 = time.perf_counter()
    quantize_blocks([model])  # a one-off job
    sync()
    print("quantize", time.perf_counter() - t0)

    for step in range(100):
        t0 = time.perf_counter()
        for group in opt.param_groups:  # not a loop over data
            group["lr"] = 0.1 * (1 - step / 100)
        model(x).sum().backward()
        opt.step()
        if step % 50 == 0:
            print("val", validate())  # a sync every 50 steps leaves the other 49 readings unsynchronized
        dt = time.perf_counter() - t0  # expect: WP102, WP116
        if step % 10 == 0:
            print(step, dt)
