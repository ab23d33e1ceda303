"""An allocation that the timed region's label names is the work measured (audit 30): a phase timer
`with phase("save_counts"):` around `save_counts = counts[ids].clone()` (used after the phase) times the backup
on purpose. Reported: the same allocation inside a phase named for other work."""
import time
from contextlib import contextmanager

import torch

counts = torch.zeros(100000, dtype=torch.long, device="cuda")
spent = {}


@contextmanager
def phase(name):
    t0 = time.perf_counter()
    yield
    torch.cuda.synchronize()
    spent[name] = spent.get(name, 0.0) + time.perf_counter() - t0


def evict(ids, victims):
    with phase("save_counts"):
        save_counts = counts[ids].clone()
        counts.index_fill_(0, ids, 1 << 40)
    order = torch.argsort(counts)[:victims]
    counts.index_copy_(0, ids, save_counts)
    return order


def evict_mislabelled(ids, victims):
    with phase("pick_victims"):
        save_counts = counts[ids].clone()  # expect: WP104
        counts.index_fill_(0, ids, 1 << 40)
    order = torch.argsort(counts)[:victims]
    counts.index_copy_(0, ids, save_counts)
    return order
