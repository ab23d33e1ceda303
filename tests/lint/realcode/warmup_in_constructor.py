"""Set 33 class F1: the model was already run inside another object's methods before the timed call (a graph
runner's constructor and capture method run it eagerly), so the eager timing is warm (silent). A model no object ran
before is still reported."""
import time

import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(256, 256)

    def forward(self, x):
        return torch.relu(self.fc(x))


class Replayer:
    def __init__(self, net, x):
        self.net = net
        self.x = x.clone()
        self.graph = torch.cuda.CUDAGraph()

    def record(self):
        self.net(self.x)
        with torch.cuda.graph(self.graph):
            self.y = self.net(self.x)

    def __call__(self, x):
        self.x.copy_(x)
        self.graph.replay()
        return self.y


if __name__ == "__main__":
    net = Net().cuda().eval()
    x = torch.randn(64, 256, device="cuda")
    rep = Replayer(net, x)
    rep.record()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    net(x)
    torch.cuda.synchronize()
    print("eager", time.perf_counter() - t0)
    other = torch.nn.Conv1d(8, 8, 3).cuda()
    z = torch.randn(4, 8, 128, device="cuda")
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    other(z)  # expect: WP103
    torch.cuda.synchronize()
    print("conv", time.perf_counter() - t0)
