"""Set 88 (compilewarm): a model handed to a helper before `model = torch.compile(model, mode=...)` (an adapter
applied to the eager module) ran nothing compiled: the compiled model handed to the training helper, whose step
clock restarts every step and whose step times are averaged, is first called inside its first timed step (WP112)."""
import time

import torch


def add_adapter(model):
    model.adapter = torch.nn.Linear(512, 512).cuda()
    return model


def train_epoch(model, opt, x, steps):
    step_times = []
    step_start = time.time()
    for _ in range(steps):
        loss = model(x).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        step_times.append(time.time() - step_start)
        step_start = time.time()
    return sum(step_times) / len(step_times)  # expect: WP105


def main():
    model = torch.nn.Linear(512, 512).cuda()
    model = add_adapter(model)
    model = torch.compile(model, mode="reduce-overhead")
    opt = torch.optim.AdamW(model.parameters())
    x = torch.randn(32, 512, device="cuda")
    for epoch in range(3):
        avg = train_epoch(model, opt, x, 100)  # expect: WP112
        print(f"epoch {epoch}: {avg * 1000:.1f} ms/step")


main()
