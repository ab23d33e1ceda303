"""An instance of a class of the file whose `forward` (or `__call__`) ends by copying its result to the host
(`.cpu().numpy()`): calling the instance waits for the device, so a host clock read after it covers the work
(silent). An instance of a class whose `forward` stays on the device is reported."""

import time

import torch


class Detector(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Conv2d(3, 16, 3)

    def forward(self, x):
        scores = self.body(x).amax(dim=(2, 3))
        return scores.cpu().numpy()


class Backbone(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Conv2d(3, 16, 3)

    def forward(self, x):
        return self.body(x).relu()


det = Detector().cuda().eval()
net = Backbone().cuda().eval()
img = torch.randn(8, 3, 224, 224, device="cuda")
det(img)
net(img)

t0 = time.perf_counter()
boxes = det(img)
print("detector", time.perf_counter() - t0)

t0 = time.perf_counter()
feats = net(img)
print("backbone", time.perf_counter() - t0)  # expect: WP102
