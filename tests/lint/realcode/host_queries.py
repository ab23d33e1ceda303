"""Device queries and other programs are host work (set 8): a report header built from CUDA runtime queries and a
loop of `subprocess.run` benchmark commands timed with a host clock (no WP102, no WP103); a compile time stored as
`comp_time` is measured on purpose (no WP102)."""
import subprocess
import time

import torch
from cuda import cudart


def header() -> str:
    props = cudart.cudaGetDeviceProperties(0)[1]
    version = cudart.cudaRuntimeGetVersion()[1]
    return f"GPU {props.name.decode()}, CUDA {version // 1000}.{version % 1000 // 10}, torch {torch.__version__}"


def run_all(commands, report):
    with open(report, "w") as f:
        t1 = time.time()
        f.write(header() + "\n")
        for command in commands:
            subprocess.run(command.split(), check=True)
        t2 = time.time()
        f.write(f"Time: {(t2 - t1) / 3600:.2f} hours\n")


def compile_cost(backend, model, inputs):
    model = backend.compile(model)
    start = time.time()
    model(inputs)
    end = time.time()
    comp_time = end - start
    return comp_time
