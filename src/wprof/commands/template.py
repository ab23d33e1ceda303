"""``wprof template KIND``: print a ready-to-edit benchmark script (torch, graph, triton, cupy, cute)."""

from __future__ import annotations

import argparse

NAME = "template"
HELP = "print a ready-to-edit benchmark script: torch, graph, triton, cupy, cute"
ORDER = 35
DESCRIPTION = """\
Print a benchmark script that runs as is (python FILE) and through `wprof bench FILE:make`.

kinds:
  torch   a PyTorch op (bf16 matmul on CUDA; fp32 on the CPU without it)
  graph   a tiny launch-bound op timed by CUDA graph replay (device time without the host; needs CUDA)
  triton  a Triton kernel
  cupy    a raw CUDA C++ kernel through cupy.RawKernel
  cute    a CuTe DSL kernel compiled with cute.compile

examples:
  wprof template torch > bench_torch.py && python bench_torch.py      # CUDA, else the CPU (host clock)
  wprof template torch -o bench_torch.py && wprof bench bench_torch.py:make
  wprof template triton > bench_triton.py && python bench_triton.py    # needs a GPU and triton
  wprof template cupy -o bench_cupy.py                                 # needs a GPU and cupy
"""


def kinds() -> list[str]:
    from importlib import resources

    files = resources.files("wprof").joinpath("templates")
    # files are bench_KIND.py.tmpl: data printed for the user (never imported by wprof); the user's copy is named
    # bench_KIND.py, since a script named torch.py would shadow `import torch` next to it
    suffix = ".py.tmpl"
    return sorted(p.name[6:-len(suffix)] for p in files.iterdir()
                  if p.name.startswith("bench_") and p.name.endswith(suffix))


def read_template(kind: str) -> str:
    from importlib import resources

    from ..errors import UsageError

    known = kinds()
    if kind not in known:
        raise UsageError(f"template kind {kind!r} is not one of {', '.join(known)}.")
    return resources.files("wprof").joinpath("templates", f"bench_{kind}.py.tmpl").read_text(encoding="utf-8")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("kind", metavar="KIND", help="torch, graph, triton, cupy or cute")
    p.add_argument("-o", "--output", metavar="FILE", default=None, help="write to FILE instead of stdout")


def run(args: argparse.Namespace) -> int:
    import os

    from ..errors import UsageError
    from ..results import write_text_atomic

    text = read_template(args.kind)
    if args.output is not None:
        if not args.output.strip():
            raise UsageError("-o '': the path is empty; give a file name such as bench.py, or leave -o out to print.")
        if os.path.exists(args.output):
            raise UsageError(f"'{args.output}' exists; choose another file name (wprof template never overwrites).")
        write_text_atomic(args.output, text)
        print(f"wrote {args.output}")
    else:
        print(text, end="")
    return 0
