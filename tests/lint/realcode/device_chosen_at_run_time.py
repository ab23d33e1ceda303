"""Sets 15/16 class: the device is chosen at run time between the GPU and the CPU (`"cuda" if is_available() else
"cpu"`, a `--device` option defaulting to "cuda", `if args.cuda:` with a CPU else-branch, a `device="cuda"`
parameter default). For a timing script that is the GPU: tensors and models moved to it are GPU work. A device
that is the CPU by default stays the CPU (host work, silent)."""
import argparse
import time

import torch
import torchvision

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="cuda")
parser.add_argument("--host-device", dest="host", default="cpu")
parser.add_argument("--gpu", action="store_true")
args = parser.parse_args()

dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
backbone = torchvision.models.resnet50()
backbone.to(dev)
images = torch.rand(16, 3, 224, 224).to(dev)

begin = time.time()
for _ in range(50):
    backbone.forward(images)  # expect: WP103
print("total s:", time.time() - begin)  # expect: WP102


def option_default(n=20):
    w = torch.randn(2048, 2048, device=args.device)
    torch.tanh(w)
    t0 = time.perf_counter()
    for _ in range(n):
        w2 = torch.tanh(w) * 2
    return (time.perf_counter() - t0) / n  # expect: WP102


def cpu_by_default(n=20):
    w = torch.randn(2048, 2048, device=args.host)
    torch.tanh(w)
    t0 = time.perf_counter()
    for _ in range(n):
        w2 = torch.tanh(w) * 2
    return (time.perf_counter() - t0) / n


def flag_branches(n=20):
    feats = torch.randn(256, 1024)
    if args.gpu:
        feats = feats.cuda()
    else:
        feats = feats.float()
    torch.sigmoid(feats)
    t0 = time.perf_counter()
    for _ in range(n):
        out = torch.sigmoid(feats) + 1
    return (time.perf_counter() - t0) / n  # expect: WP102


def param_default(n=20, device="cuda"):
    v = torch.ones(4096, device=device).cumsum(0)
    torch.exp(v)
    t0 = time.perf_counter()
    for _ in range(n):
        torch.exp(v)
    return (time.perf_counter() - t0) / n  # expect: WP102
