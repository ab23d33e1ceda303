"""The helpers' folder found from `Path(__file__).parents[1]`, bound to a module-level name first."""
import sys
from pathlib import Path

HELPERS = Path(__file__).resolve().parents[1] / "helpers"
sys.path.append(str(HELPERS))

import torch  # noqa: E402
from timing import step_timer  # noqa: E402

v = torch.randn(1 << 20, device="cuda")
print("scale us", step_timer(torch.mul, v, 2.0) * 1e6)  # expect: WP101  # expect-alone: WP105
