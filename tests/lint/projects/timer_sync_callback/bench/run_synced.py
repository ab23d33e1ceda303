import torch

from latency import LatencyTimer

device = "cuda" if torch.cuda.is_available() else "cpu"
net = torch.nn.Sequential(*[torch.nn.Linear(512, 512) for _ in range(8)]).to(device)
x = torch.randn(64, 512, device=device)
waiter = torch.cuda.synchronize if device == "cuda" else None
print("median", LatencyTimer(repeats=100, sync=waiter).measure(lambda: net(x)))
