"""WP105's default tier with counts the file bounds but does not give as a plain literal: a config class's field
default, a config dict's `.get` default, and `range(min(6, len(views)))`. Only the means are printed."""
import time
from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class RunConfig:
    repeats: int = 5
    batch: int = 16


def time_model(model, x, cfg: RunConfig):
    times = []
    for _ in range(cfg.repeats):
        t0 = time.perf_counter()
        model(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    print(f"{np.mean(times) * 1e3:.2f} ms")  # expect: WP105


def render_views(renderer, views, settings):
    view_ms = []
    for i in range(min(6, len(views))):
        t0 = time.perf_counter()
        renderer(views[i])
        torch.cuda.synchronize()
        view_ms.append((time.perf_counter() - t0) * 1e3)
    loop_ms = []
    for _ in range(settings.get("loops", 4)):
        t0 = time.perf_counter()
        renderer(views[0])
        torch.cuda.synchronize()
        loop_ms.append((time.perf_counter() - t0) * 1e3)
    print(np.mean(view_ms), np.mean(loop_ms))  # expect: WP105
