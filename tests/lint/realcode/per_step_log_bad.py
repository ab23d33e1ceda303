import time

import torch


def main():
    net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU()).cuda()
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    x = torch.randn(64, 512, device="cuda")
    times = []
    for step in range(50):
        t0 = time.perf_counter()
        loss = net(x).square().mean()  # expect: WP103
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        times.append(dt)
        print(f"step {step}: {dt * 1000:.2f} ms")
    print(f"mean {sum(times) / len(times) * 1000:.2f} ms")
