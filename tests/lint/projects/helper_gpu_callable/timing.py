"""The same helper module: its user hands it a product of CUDA tensors, whose work the clock does not wait for
(WP102 here; reported at the user's call when only the user is linted)."""
import time

import torch


def reset_device():
    torch.cuda.empty_cache()
    torch.cuda.synchronize()


def stopwatch(label, fn, *args, **kwargs):
    began = time.time()
    out = fn(*args, **kwargs)
    print(f"{label}: {time.time() - began:.3f} s")  # expect: WP102
    return out
