"""One training run per configuration of a hyper-parameter grid, each timed from before its model is built and moved
to the GPU, the figures compared for the best configuration: the first configuration's clock holds the creation of
the CUDA context (nothing used the GPU before the loop), the others' do not (twentieth session, set 98)."""
import itertools
import time

import torch
import torch.nn as nn

grid = {"lr": [1e-3, 1e-2], "width": [128, 256]}
results = []
for values in itertools.product(*grid.values()):
    params = dict(zip(grid.keys(), values))
    start = time.time()
    model = nn.Sequential(nn.Linear(64, params["width"]), nn.ReLU(), nn.Linear(params["width"], 1))
    model = model.to("cuda")  # expect: WP103
    opt = torch.optim.Adam(model.parameters(), lr=params["lr"])
    for x, y in torch.load("batches.pt"):
        loss = nn.functional.mse_loss(model(x.cuda()), y.cuda())
        opt.zero_grad()
        loss.backward()
        opt.step()
    torch.cuda.synchronize()
    results.append((params, time.time() - start, loss.item()))
print(min(results, key=lambda r: r[1]))
