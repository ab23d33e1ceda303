"""Sets 50-53 class (set 51): a training loop over a data loader of unknown length that leaves it on a test of its
`enumerate` counter (`if n == 5: break`) runs a handful of steps whatever the loader holds; its `loss.item()` waits
for each forward pass, but the last step's backward and optimizer step are still queued at the end read: a material
share of six steps (WP102), not the tail of a long run."""

import time

import torch

from data import get_loader

model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.ReLU(), torch.nn.Linear(4096, 10)).cuda()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loader = get_loader(batch_size=32, total_samples=100000, device="cuda")

start = time.time()
for n, (inputs, labels) in enumerate(loader):
    loss = torch.nn.functional.cross_entropy(model(inputs), labels)
    print("loss", loss.item())
    optimizer.zero_grad()
    loss.backward()  # expect: WP103 (and the first backward of the script: six steps from the first, set 51)
    optimizer.step()
    if n == 5:
        break
elapsed = time.time() - start  # expect: WP102
print(f"elapsed {elapsed:.3f}s")
