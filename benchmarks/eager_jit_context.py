"""Does importing a module whose Numba kernels carry an eager signature create the CUDA context?

WP103 and WP112 decide whether the first timed GPU call of a script pays the CUDA context's creation. A module with
`@cuda.jit("void(float32[:])")` compiles its kernel when it is imported; whether that compilation also creates (retains)
the device's primary context decides whether a later timed launch is the program's first GPU use. Two recorded
real-code sets were judged differently on it (156 and 174). This measures it.

Each case runs in a fresh Python process that imports one small module written to a temporary folder, then asks the
CUDA driver whether the device's primary context is active (`cuDevicePrimaryCtxGetState`; `cuInit` alone creates no
context), and times the import, the first launch after it (its input already copied to the device) and a second.

    python3 benchmarks/eager_jit_context.py              # a table, 3 fresh processes per case
    python3 benchmarks/eager_jit_context.py --json out.json --repeat 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

MODULES = {
    # the import of numba.cuda alone
    "import-numba-cuda": "from numba import cuda\n",
    # a kernel without a signature: compiled lazily, at its first launch
    "lazy-kernel": (
        "from numba import cuda\n"
        "@cuda.jit\n"
        "def k(a):\n"
        "    i = cuda.grid(1)\n"
        "    if i < a.size:\n"
        "        a[i] += 1\n"
    ),
    # the same kernel with an eager signature: compiled when the module is imported
    "eager-kernel": (
        "from numba import cuda\n"
        "@cuda.jit('void(float32[:])')\n"
        "def k(a):\n"
        "    i = cuda.grid(1)\n"
        "    if i < a.size:\n"
        "        a[i] += 1\n"
    ),
    # a CUDA ufunc given its signature: compiled at its decoration
    "eager-cuda-ufunc": (
        "from numba import vectorize\n"
        "@vectorize(['float32(float32)'], target='cuda')\n"
        "def u(x):\n"
        "    return x + 1\n"
    ),
    # an eager device function only (no kernel)
    "eager-device-function": (
        "from numba import cuda\n"
        "@cuda.jit('float32(float32)', device=True)\n"
        "def f(x):\n"
        "    return x + 1\n"
    ),
}

_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from cuda.bindings import driver as drv

def active():
    err, = drv.cuInit(0)[:1]
    err, dev = drv.cuDeviceGet(0)
    err, flags, on = drv.cuDevicePrimaryCtxGetState(dev)
    return bool(on)

import numpy as np
if not hasattr(np, "row_stack"):  # NumPy 2.4 removed it; numba-cuda 0.30 still names it at import
    np.row_stack = np.vstack
before = active()
t0 = time.perf_counter()
import case_mod
t1 = time.perf_counter()
after_import = active()
launch_s = None
fn = getattr(case_mod, "k", None)
call = (lambda a: fn[4, 256](a)) if fn is not None else None
if hasattr(case_mod, "u"):
    call = lambda a: case_mod.u(a)  # noqa: E731  (a CUDA ufunc called on a device array)
if call is not None:
    from numba import cuda
    a = cuda.to_device(np.zeros(1024, dtype=np.float32))
    cuda.synchronize()
    t2 = time.perf_counter()
    call(a)
    cuda.synchronize()
    launch_s = time.perf_counter() - t2
    t3 = time.perf_counter()
    call(a)
    cuda.synchronize()
    second_s = time.perf_counter() - t3
print(json.dumps({"active_before": before, "import_s": t1 - t0, "active_after_import": after_import,
                  "first_launch_s": launch_s, "second_launch_s": second_s if launch_s is not None else None}))
"""


def _run(name: str) -> dict:
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "case_mod.py"), "w") as f:
            f.write(MODULES[name])
        out = subprocess.run([sys.executable, "-c", _CHILD, d], capture_output=True, text=True, timeout=300)
    if out.returncode:
        return {"error": (out.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="fresh processes per case (default 3)")
    ap.add_argument("--json", help="write every sample to this file")
    args = ap.parse_args()
    rows = {name: [_run(name) for _ in range(args.repeat)] for name in MODULES}
    print(f"{'case':24} {'context before':>15} {'context after import':>21} {'import ms':>12} {'first launch ms':>16}"
          f" {'second launch ms':>17}")
    for name, samples in rows.items():
        ok = [s for s in samples if "error" not in s]
        if not ok:
            print(f"{name:24} error: {samples[0]['error']}")
            continue
        launches = [s["first_launch_s"] * 1e3 for s in ok if s["first_launch_s"] is not None]
        seconds = [s["second_launch_s"] * 1e3 for s in ok if s.get("second_launch_s") is not None]
        print(f"{name:24} {sum(s['active_before'] for s in ok):>9}/{len(ok)} active"
              f" {sum(s['active_after_import'] for s in ok):>15}/{len(ok)} active"
              f" {statistics.median(s['import_s'] * 1e3 for s in ok):>12.1f}"
              f" {statistics.median(launches) if launches else float('nan'):>16.3f}"
              f" {statistics.median(seconds) if seconds else float('nan'):>17.3f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
