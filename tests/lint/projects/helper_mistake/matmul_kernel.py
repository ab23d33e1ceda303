"""Timed through a helper of a helper (chain.quick -> bench_utils.bench) and through a method of a timing class of
the project (Stopwatch.run): linted alone, each mistake is reported at this file's first call that reaches it."""
import torch

from chain import quick
from stopwatch import Stopwatch

a = torch.randn(2048, 2048, device="cuda")
quick("mm", lambda: a @ a)  # expect-alone: WP105
watch = Stopwatch(repeats=20)
watch.run(lambda: a @ a)  # expect-alone: WP105
