"""Set 14 class (Atom): the device comes from a config object (`device = torch.device(cfg.device)` in the function,
`cfg.device = args.device`, `--device` defaulting to "cuda:0"; the config class has a field of the same name). The
function's own binding decides: the model and inputs made on it are on the GPU, so the first batch of an averaged
per-iteration timing is a cold call (WP103, default)."""

import argparse
import dataclasses
import time

import numpy as np
import torch


@dataclasses.dataclass
class ModelConfig:
    device: str = dataclasses.field(default="cuda:0")


def textgen(cfg: ModelConfig, steps: int = 20):
    device = torch.device(cfg.device)
    model = torch.nn.Linear(4096, 4096).to(device)
    lat = []
    for _ in range(steps):
        x = torch.randn(8, 4096, device=device)
        torch.cuda.synchronize()
        t1 = time.perf_counter()
        model(x)  # expect: WP103
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - t1)
    print(f"mean {np.mean(lat) * 1e3:.3f} ms")  # expect: WP105


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="cuda:0")
    args = parser.parse_args()
    cfg = ModelConfig()
    cfg.device = args.device
    textgen(cfg)
