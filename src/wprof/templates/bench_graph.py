"""wprof benchmark template: device time without the host (CUDA graph replay) for small, launch-bound work.

Run:  python this.py      or   wprof bench this.py:make --mode graph
By default (mode="auto") wprof decides by itself: it measures the host's enqueue time per call, and when that is
comparable to the GPU time it reports the device time of back-to-back calls (graph replay or calls pre-queued behind
a GPU-side wait) as the headline, with the launch-inclusive (eager) number beside it. mode="graph" forces the graph;
a capture that fails falls back to pre-queued eager calls, and a replay slower than eager (a memcpy) keeps eager.
"""

import torch

import wprof


def make(numel: int = 1024):
    x = torch.randn(numel, device="cuda")
    y = torch.randn(numel, device="cuda")
    out = torch.empty_like(x)
    return lambda: torch.add(x, y, out=out)  # capturable: no sync, no allocation, no host branching


if __name__ == "__main__":
    r = wprof.bench(make(), name="add-1024", mode="graph")
    print(f"device {r.extra.get('device_ms', r.median_ms) * 1e3:.3f} us per call "
          f"(launch-inclusive eager {r.extra.get('eager_ms', float('nan')) * 1e3:.3f} us), method {r.mode}")
    for note in r.extra.get("notices", []):
        print("note:", note)
