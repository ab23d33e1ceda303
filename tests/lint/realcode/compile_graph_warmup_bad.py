"""Sets 77-98 (graphwarm): warm-ups of a `torch.compile`d model that do not reach the timed run. A compiled
LightningModule called once on a CPU tensor, then timed inside `trainer.fit`: the trainer moves it to the GPU, where
Dynamo's device guards fail and it compiles again (and its backward compiles); and a `mode="reduce-overhead"`
function called once before the timed loop: CUDA graph trees run that call eagerly and record the graph on the next
call, inside the timed region. WP112."""
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


def train(loader):
    net = torch.compile(Net(), mode="reduce-overhead")
    net(torch.randn(8, 64))
    trainer = L.Trainer(max_epochs=1, devices=1)
    t0 = time.perf_counter()
    trainer.fit(net, train_dataloaders=loader)  # expect: WP112
    print("train s", time.perf_counter() - t0)


def infer():
    f = torch.compile(torch.nn.Linear(1024, 1024).cuda(), mode="reduce-overhead")
    x = torch.randn(64, 1024, device="cuda")
    f(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(10):
        f(x)  # expect: WP112
    torch.cuda.synchronize()
    print("ms", (time.perf_counter() - t0) / 10 * 1e3)


def bench(model, inputs, trials=10):
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
    print(bench(eager, x), bench(fast, x))  # expect: WP112
