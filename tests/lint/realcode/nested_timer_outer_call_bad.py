"""WP103 on a timed function nested in a helper that runs only once: nothing ran the model before the one call
that is kept. Three shapes: the helper called once at module level (its nested timer once); the helper called once as the iterable of a
comprehension (its first `for` runs it once); the nested timer two levels deep, in an entry point called once.
And a helper repeated by a comprehension whose samples are averaged: the cold first one is in the mean."""
import statistics
import time

import torch

net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.GELU()).cuda().eval()
head = torch.nn.Linear(512, 10).cuda().eval()
proj = torch.nn.Linear(512, 64).cuda().eval()
x = torch.randn(64, 512, device="cuda")


def net_latency(scale):
    def once():
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        net(x)  # expect: WP103
        torch.cuda.synchronize()
        return time.perf_counter() - t0
    return once() * scale


print("net ms", net_latency(1e3))


def head_latencies():
    def one():
        torch.cuda.synchronize()
        start = time.perf_counter()
        head(x)  # expect: WP103
        torch.cuda.synchronize()
        return time.perf_counter() - start
    return [one()]


print("head", [f"{t:.4f}" for t in head_latencies()])


def main():
    def report():
        def clocked():
            torch.cuda.synchronize()
            s = time.perf_counter()
            proj(x)  # expect: WP103
            torch.cuda.synchronize()
            return time.perf_counter() - s
        print("proj", clocked())
    report()


if __name__ == "__main__":
    main()


tail = torch.nn.Linear(512, 32).cuda().eval()


def tail_once():  # repeated by a comprehension, but its samples averaged: the cold first one is in the mean
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    tail(x)  # expect: WP103
    torch.cuda.synchronize()
    return time.perf_counter() - t0


print("tail", statistics.mean(tail_once() for _ in range(5)))  # expect: WP105
