"""What a first call costs on the GPU: the cold excess that WP103 / WP112 findings rest on.

Each case runs in a fresh Python process. The CUDA context is created (and synchronized) before anything is timed,
so what is measured is what a script that already did `model.cuda()` pays on its first timed call: library handles
(cuBLAS, cuDNN), lazy kernel-module loading, allocator growth, autograd's device thread, JIT compilation. Every call
is timed with a host clock around the call plus `torch.cuda.synchronize()`; the first call is compared with the
median of the warm calls after it.

    python3 benchmarks/cold_start.py                 # every case, 3 fresh processes each, a table
    python3 benchmarks/cold_start.py --json out.json --repeat 5

The table's last column is the number of samples a mean must hold for one cold first sample to move it by less than
5 percent (`excess / (0.05 * warm)`): the count below which "no warm-up, first sample averaged in" is material.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

WARM = 20


def _case(name: str) -> dict:
    import torch

    torch.cuda.init()
    torch.empty(1, device="cuda").add_(1)  # the context, the caching allocator's first block, one elementwise kernel
    torch.cuda.synchronize()
    dev = "cuda"
    if name.startswith("matmul"):
        n = int(name.split("-")[1])
        dt = torch.float16 if name.endswith("fp16") else torch.float32
        a = torch.randn(n, n, device=dev, dtype=dt)
        b = torch.randn(n, n, device=dev, dtype=dt)
        fn = lambda: a @ b  # noqa: E731
    elif name == "conv2d":
        conv = torch.nn.Conv2d(64, 64, 3, padding=1).to(dev)
        x = torch.randn(32, 64, 56, 56, device=dev)
        fn = lambda: conv(x)  # noqa: E731
    elif name == "lstm":
        lstm = torch.nn.LSTM(256, 256, num_layers=2).to(dev)
        x = torch.randn(50, 32, 256, device=dev)
        fn = lambda: lstm(x)  # noqa: E731
    elif name.startswith("cnn"):
        bs = int(name.split("-b")[1])
        layers, c = [], 3
        for w in (64, 128, 256, 512):
            layers += [torch.nn.Conv2d(c, w, 3, padding=1), torch.nn.BatchNorm2d(w), torch.nn.ReLU(),
                       torch.nn.Conv2d(w, w, 3, padding=1), torch.nn.BatchNorm2d(w), torch.nn.ReLU(),
                       torch.nn.MaxPool2d(2)]
            c = w
        model = torch.nn.Sequential(*layers, torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                                    torch.nn.Linear(512, 1000)).to(dev).eval()
        x = torch.randn(bs, 3, 224, 224, device=dev)

        def fn():
            with torch.no_grad():
                return model(x)
    elif name.startswith("transformer"):
        bs = int(name.split("-b")[1])
        layer = torch.nn.TransformerEncoderLayer(512, 8, 2048, batch_first=True)
        model = torch.nn.TransformerEncoder(layer, 6).to(dev).eval()
        x = torch.randn(bs, 128, 512, device=dev)

        def fn():
            with torch.no_grad():
                return model(x)
    elif name == "mlp-train-step":
        model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)).to(dev)
        opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
        x = torch.randn(256, 1024, device=dev)

        def fn():
            opt.zero_grad(set_to_none=True)
            model(x).square().mean().backward()
            opt.step()
    elif name.startswith("cupy"):
        import cupy as cp

        a = cp.random.random(1 << 20, dtype=cp.float32)
        cp.cuda.Device().synchronize()
        fn = lambda: cp.where(a > 0.5, a * 2.0 + 1.0, cp.sqrt(a))  # noqa: E731
    elif name.startswith("triton"):
        import triton
        import triton.language as tl

        @triton.jit
        def _add(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
            i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            m = i < n
            tl.store(o_ptr + i, tl.load(x_ptr + i, mask=m) + tl.load(y_ptr + i, mask=m), mask=m)

        x = torch.randn(1 << 20, device=dev)
        y = torch.randn_like(x)
        o = torch.empty_like(x)
        fn = lambda: _add[(x.numel() // 1024,)](x, y, o, x.numel(), BLOCK=1024)  # noqa: E731
    else:
        raise SystemExit(f"unknown case {name!r}")

    def timed() -> float:
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        return time.perf_counter() - t0

    first = timed()
    warm = [timed() for _ in range(WARM)]
    return {"case": name, "first_s": first, "warm_s": statistics.median(warm)}


CASES = ["matmul-256", "matmul-4096", "matmul-4096-fp16", "conv2d", "lstm", "cnn-b1", "cnn-b32", "transformer-b1",
         "transformer-b32", "mlp-train-step", "cupy-compile", "cupy-cached", "triton-compile", "triton-cached"]


def _run(name: str, cache_dir: str) -> dict | None:
    env = dict(os.environ, CUPY_CACHE_DIR=os.path.join(cache_dir, "cupy"),
               TRITON_CACHE_DIR=os.path.join(cache_dir, "triton"))
    p = subprocess.run([sys.executable, __file__, "--case", name], capture_output=True, text=True, env=env,
                       timeout=300)
    if p.returncode != 0:
        print(f"{name}: failed: {(p.stderr.strip().splitlines() or ['?'])[-1]}", file=sys.stderr)
        return None
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--case", help=argparse.SUPPRESS)
    ap.add_argument("--repeat", type=int, default=3, help="fresh processes per case (default 3)")
    ap.add_argument("--json", help="write every run here")
    a = ap.parse_args()
    if a.case:
        print(json.dumps(_case(a.case)))
        return
    runs = []
    for name in CASES:
        for _ in range(a.repeat):
            with tempfile.TemporaryDirectory() as cache:
                if name.endswith("-cached"):  # fill the on-disk kernel cache in a first process, measure a second
                    _run(name.replace("-cached", "-compile"), cache)
                r = _run(name, cache)
            if r:
                runs.append(r)
    print(f"{'case':18} {'first ms':>9} {'warm ms':>9} {'excess ms':>10} {'samples for <5%':>16}")
    for name in CASES:
        rs = [r for r in runs if r["case"] == name]
        if not rs:
            continue
        first = statistics.median(r["first_s"] for r in rs) * 1e3
        warm = statistics.median(r["warm_s"] for r in rs) * 1e3
        excess = max(first - warm, 0.0)
        print(f"{name:18} {first:9.2f} {warm:9.3f} {excess:10.2f} {excess / (0.05 * warm):16.0f}")
    if a.json:
        with open(a.json + ".tmp", "w") as f:
            json.dump(runs, f, indent=1)
        os.replace(a.json + ".tmp", a.json)


if __name__ == "__main__":
    main()
