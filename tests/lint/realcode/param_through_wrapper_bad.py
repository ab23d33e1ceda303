"""A timing function that runs its model parameter through a small wrapper of the file (`def infer(net, batch):
net(batch)`): the wrapper calls the model it is handed, so the timed call is the model's forward pass, queued on the
GPU. A host clock read right after it, with no wait, measures the launch (WP102); the same loop with a synchronize
before the end read is silent, and so is a wrapper that reads the result back to the host."""

import time

import torch


def infer(net, batch):
    net(batch)


def infer_to_host(net, batch):
    return net(batch).cpu()


def time_forward(net, batch, rounds: int):
    for _ in range(3):
        infer(net, batch)
    spans = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        infer(net, batch)
        spans.append(time.perf_counter() - t0)  # expect: WP102
    return min(spans), max(spans)


def time_forward_synced(net, batch, rounds: int):
    for _ in range(3):
        infer(net, batch)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(rounds):
        infer(net, batch)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / rounds


def time_forward_to_host(net, batch, rounds: int):
    for _ in range(3):
        infer_to_host(net, batch)
    t0 = time.perf_counter()
    for _ in range(rounds):
        infer_to_host(net, batch)
    return (time.perf_counter() - t0) / rounds


if __name__ == "__main__":
    model = torch.nn.Linear(256, 256).cuda().eval()
    data = torch.randn(64, 256, device="cuda")
    with torch.inference_mode():
        print(time_forward(model, data, 50), time_forward_synced(model, data, 50), time_forward_to_host(model, data, 50))
