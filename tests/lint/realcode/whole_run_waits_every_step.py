"""A host clock around a whole training run, `main()`, whose loop over a loader of unknown length reads the loss on
the host every step (`running += loss.item()`): the interval misses at most the last step of thousands, so the
finding is weak (`extra` only), also with arithmetic on what the run returned inside the interval. The same run
whose loop never waits is a real WP102."""

import time

import torch


def loader(n):
    for _ in range(n):
        yield torch.randn(64, 512), torch.randint(0, 10, (64,))


def main(epochs=3):
    model = torch.nn.Linear(512, 10).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    running, steps = 0.0, 0
    for _ in range(epochs):
        for x, y in loader(1000):
            loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
            steps += 1
    return running / steps, steps


def main_quiet(epochs=3):
    model = torch.nn.Linear(512, 10).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    last = None
    for _ in range(epochs):
        for x, y in loader(1000):
            last = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
            opt.zero_grad()
            last.backward()
            opt.step()
    return last


if __name__ == "__main__":
    start = time.time()
    final_loss, steps = main()
    steps += 10
    print("e2e", time.time() - start, final_loss, steps)  # expect-extra: WP102
    start = time.time()
    out = main_quiet()
    print("e2e quiet", time.time() - start)  # expect: WP102
