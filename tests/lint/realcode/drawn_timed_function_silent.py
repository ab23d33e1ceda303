"""Functions timed by a decorator of the file that do not draw their own inputs, or do more than one operation on
them (WP104 stays silent): inputs drawn once outside and passed in, a model's forward on a drawn batch, a training
step with its own noise, two operations on the draws, and a draw made outside any timed function."""
import functools
import time

import torch

softmax = functools.partial(torch.softmax, dim=-1)


def stopwatch(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        t0 = time.time()
        fn(*args, **kwargs)
        torch.cuda.synchronize()
        return time.time() - t0
    return inner


@stopwatch
def given(x, reps):
    with torch.no_grad():
        for _ in range(reps):
            _ = softmax(x)


@stopwatch
def forward(model, n):
    with torch.no_grad():
        _ = model(torch.randn(n, 128, device="cuda"))


@stopwatch
def denoise_step(model, x, opt):
    noise = torch.randn_like(x)
    loss = (model(x + noise) - x).pow(2).mean()
    loss.backward()
    opt.step()


@stopwatch
def two_ops(n):
    with torch.no_grad():
        a = torch.randn(n, n, device="cuda")
        b = softmax(a)
        _ = torch.matmul(b, a)


def main():
    model = torch.nn.Linear(128, 128).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(4096, device="cuda")
    y = torch.randn(64, 128, device="cuda")
    for _ in range(3):  # (the warm-up calls are timed too, cold the first time: WP103's subject, not this file's)
        given(x, 10)  # noqa: WP103
        forward(model, 64)  # noqa: WP103
        denoise_step(model, y, opt)
        two_ops(256)  # noqa: WP103
    print(given(x, 100), forward(model, 64), denoise_step(model, y, opt), two_ops(256))


main()
