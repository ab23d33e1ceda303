"""A load time measured on purpose whose work is handed an object the region itself makes (audit 22 checkout, new
on main this session): `load_time` around `engine = make_engine(...)` and `wire(model, engine, ...)`; `wire` ran
before, for another engine, but this engine's first use is what "load time" measures (host set-up, timed on
purpose). Reported: a `first_time` of a model that already ran, handed only data made before the region."""
import time

import torch

model = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.SiLU(), torch.nn.Linear(512, 512)).cuda()
batch = torch.randn(64, 512, device="cuda")


class Engine:
    def __init__(self, width):
        self.width = width
        self.ops = []

    def attach(self, t):
        self.ops.append(t)
        return t


def make_engine(width):
    return Engine(width)


def wire(net, engine, x):
    h = engine.attach(x)
    for layer in net:
        h = engine.attach(layer(h))
    return h


first = make_engine(512)
wire(model, first, batch)
torch.cuda.synchronize()

load_start = time.time()
engine = make_engine(512)
wire(model, engine, batch)
load_time = time.time() - load_start
print(f"engine loaded in {load_time:.2f} s")

for _ in range(5):
    model(batch)
first_start = time.time()
out = model(batch)
first_time = time.time() - first_start  # expect: WP102
print(f"first batch {first_time:.4f} s")
