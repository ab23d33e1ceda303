"""Set 20 class: a compiled extension imported as a module (`import my_ext`) is called with its GPU tensors passed
by keyword (`my_ext.gather(index=idx, table=table)`) under `if HAVE_EXT:`, a CPU twin in the `else:` branch, the
device chosen `"cuda" if available else "cpu"`. That is GPU work: a host clock read right after it with no
synchronize measures the launch. Silent: the same call with a synchronize before the end read; an object's method
handed a GPU tensor only by keyword (it may wait inside, as a translation task's search does: not known)."""
import time

import torch

try:
    import my_ext
    HAVE_EXT = True
except ImportError:
    import my_ext_cpu
    HAVE_EXT = False


def gather_example(task):
    device = "cuda" if torch.cuda.is_available() else "cpu"
    table = torch.randn(100_000, 64, device=device)
    idx = torch.randint(0, 100_000, (4096,), device=device)
    my_ext.gather(index=idx, table=table)
    start = time.time()
    if HAVE_EXT:
        out = my_ext.gather(index=idx, table=table)
    else:
        out = my_ext_cpu.gather(index=idx, table=table)
    end = time.time()  # expect: WP102
    print(f"gather took {end - start:.4f} s", out.shape)

    torch.cuda.synchronize()
    start = time.time()
    out = my_ext.gather(index=idx, table=table)
    torch.cuda.synchronize()
    print(f"synchronized gather took {time.time() - start:.4f} s")

    start = time.time()
    hyps = task.search("a query", index=idx)
    print(f"search took {time.time() - start:.4f} s", len(hyps))
