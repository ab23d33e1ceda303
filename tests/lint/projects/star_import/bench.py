"""Per-step times returned by a helper brought in by `from tools import *` (re-exported from tools/steps.py by
the package's `from .steps import *`): only their mean is printed."""
import statistics

import torch

from tools import *  # noqa: F403

x = torch.randn(2048, 2048, device="cuda")
for _ in range(3):
    x @ x
laps = time_steps(lambda: x @ x, 50)  # noqa: F405
print(f"{statistics.mean(laps):.3f} ms")  # expect: WP105
