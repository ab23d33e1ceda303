"""A name that held a GPU model, rebound to a model rebuilt on the host (`from_pretrained(...)` with no device,
never moved after): the timed calls after the rebuild run on the CPU, nothing on the GPU to warm up. In a function
called after the rebuild (two callers deep, and a second `def main` that replaces the first), and at module level."""
import time

import torch
from transformers import AutoModel

device = torch.device("cuda")
net = AutoModel.from_pretrained("bert-base-uncased")
net = net.to(device)
net.eval()
ids = torch.randint(0, 1000, (4, 64))


def main():
    print("gpu model built", net.device)


main()
net = AutoModel.from_pretrained("bert-base-uncased").eval()


def cpu_pass():
    start = time.time()
    with torch.no_grad():
        net(ids)
    return time.time() - start


def main():
    print("cpu", cpu_pass())


main()
print("cpu, called directly", cpu_pass())
t0 = time.perf_counter()
net(ids)
print("cpu again", time.perf_counter() - t0)
