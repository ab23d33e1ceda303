"""Sets 77-98 (graphwarm): the same compiled models warmed where they are timed. A model a trainer already ran
(`trainer.fit` once before) is warm; a trainer told to run on the CPU times a CPU program; a
`mode="reduce-overhead"` function called in a warm-up loop has recorded its graph before the timed region; a
default-mode function called once is compiled."""
import time

import lightning as L
import torch


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(64, 10)

    def forward(self, x):
        return self.lin(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def train_warm(loader):
    net = torch.compile(Net(), mode="reduce-overhead")
    warm = L.Trainer(max_steps=3, devices=1)
    warm.fit(net, train_dataloaders=loader)
    trainer = L.Trainer(max_epochs=1, devices=1)
    t0 = time.perf_counter()
    trainer.fit(net, train_dataloaders=loader)
    print("train s", time.perf_counter() - t0)


def train_cpu(loader):
    net = torch.compile(Net(), mode="reduce-overhead")
    net(torch.randn(8, 64))
    trainer = L.Trainer(max_epochs=1, accelerator="cpu")
    t0 = time.perf_counter()
    trainer.fit(net, train_dataloaders=loader)
    print("train s", time.perf_counter() - t0)


def infer_loop_warm():
    f = torch.compile(torch.nn.Linear(1024, 1024).cuda(), mode="reduce-overhead")
    x = torch.randn(64, 1024, device="cuda")
    for _ in range(3):
        f(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(10):
        f(x)
    torch.cuda.synchronize()
    print("ms", (time.perf_counter() - t0) / 10 * 1e3)


def infer_default():
    g = torch.compile(torch.nn.Linear(1024, 1024).cuda())
    x = torch.randn(64, 1024, device="cuda")
    g(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(10):
        g(x)
    torch.cuda.synchronize()
    print("ms", (time.perf_counter() - t0) / 10 * 1e3)


def bench(model, inputs, trials=10):
    for _ in range(3):
        model(inputs)
    t0 = time.perf_counter()
    for _ in range(trials):
        model(inputs)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / trials


def compare():
    x = torch.randn(64, 1024, device="cuda")
    eager = torch.nn.Linear(1024, 1024).cuda()
    fast = torch.compile(eager, mode="max-autotune")
    print(bench(eager, x), bench(fast, x))
