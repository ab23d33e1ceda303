"""A helper sampled in a loop of the script that builds its layer and starts the clock only after ten untimed
iterations (`if i > 9: since = ...`): warmed (silent). The reported near miss, a helper that times its freshly built
layer's first call, is in fresh_model_index_guard_warmup.py."""

import time

import torch


def guarded(width):
    x = torch.randn(256, width).cuda()
    layer = torch.nn.LayerNorm(width).to("cuda")
    for i in range(60):
        if i > 9:
            torch.cuda.synchronize()
            since = time.time()
        layer(x)
    torch.cuda.synchronize()
    return time.time() - since


guarded_times = {}
for w in [32, 64, 128, 256]:
    guarded_times[w] = guarded(w)
print(guarded_times)
