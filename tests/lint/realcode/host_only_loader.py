"""Set 28 class FP-A: a loader of the file builds the model on the `meta` device, materializes it on the CPU
(`to_empty(device="cpu")`) and reads the checkpoint with `torch.load(..., mmap=True)`: host work, so its host-clock
interval is silent, although the same file later moves the model to the GPU and times GPU work (reported)."""

import time

import torch

from modeling import Transformer


def build(path, args):
    with torch.device("meta"):
        model = Transformer(args)
    model = model.to_empty(device="cpu")
    state = torch.load(f"{path}/weights.pth", weights_only=True, mmap=True)
    model.load_state_dict(state, assign=True)
    with torch.no_grad():
        model.rope = model._precompute_rope()
    return model


t0 = time.time()
model = build("ckpt", {"dim": 512})
print("setup", time.time() - t0)

model = model.cuda()
tokens = torch.randint(0, 32000, (1, 128), device="cuda")
model(tokens)
t0 = time.time()
logits = model(tokens)
print("forward", time.time() - t0)  # expect: WP102
