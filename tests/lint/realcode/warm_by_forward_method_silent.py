"""WP103 precision (ninth session, lint43): the model's forward already ran through one of its own methods that run
it (`model.forward(x)`, `net.predict(batch)`, `model.generate(ids, ...)`) before its call `model(x)` is timed."""
import time

import torch

model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")
out = model.forward(x)
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(100):
    model(x)
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 100)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Conv2d(3, 8, 3)

    def forward(self, img):
        return self.body(img)

    def predict(self, img):
        with torch.no_grad():
            return self.forward(img).argmax(1)


def bench(net, batch, reps=50):
    net.predict(batch)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(reps):
        net(batch)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / reps


print(bench(Net().cuda(), torch.randn(4, 3, 32, 32, device="cuda")))
