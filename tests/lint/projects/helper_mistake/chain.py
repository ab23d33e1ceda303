"""A helper of the project that hands its work to another helper (bench_utils.bench)."""
from bench_utils import bench


def quick(label, fn):
    bench(label, fn, n=5)  # expect-alone: WP105
