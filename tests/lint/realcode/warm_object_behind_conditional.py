"""An object made by a helper that warms it, bound through a conditional (audit 22 checkout, new on main this
session): `g = None if args.skip else record(step)` where `record` captures a CUDA graph and replays it a few
times before returning it; the later timed replays are warm. Reported: a fresh model a helper builds, bound the
same way, timed on its first call."""
import argparse

import torch

w = torch.randn(2048, 2048, device="cuda")
buf = {}


def record(step, warm):
    step()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        step()
    for _ in range(warm):
        g.replay()
    return g


def build():
    return torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.GELU()).cuda()


def replay_ms(g, n):
    t0 = torch.cuda.Event(enable_timing=True)
    t1 = torch.cuda.Event(enable_timing=True)
    t0.record()
    for _ in range(n):
        g.replay()
    t1.record()
    t1.synchronize()
    return t0.elapsed_time(t1) / n


def main():
    args = argparse.ArgumentParser().parse_args()

    def square():
        buf["sq"] = w @ w

    def double():
        buf["db"] = w + w

    sq_graph = None if args.skip_square else record(square, 3)
    db_graph = record(double, 3)
    sq_ms = float("nan") if sq_graph is None else replay_ms(sq_graph, 50)
    db_ms = replay_ms(db_graph, 50)
    print(sq_ms, db_ms)
    net = None if args.skip_square else build()
    if net is not None:
        t0 = torch.cuda.Event(enable_timing=True)
        t1 = torch.cuda.Event(enable_timing=True)
        t0.record()
        net(w)  # expect: WP103
        t1.record()
        t1.synchronize()
        print("first", t0.elapsed_time(t1))


if __name__ == "__main__":
    main()
