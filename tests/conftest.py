"""Shared test setup. The conventions (markers, in-process runs, when a test may start a process) are in
tests/README.md; the in-process runners are in tests/harness.py."""

import os

import pytest


def _cuda() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


def pytest_sessionstart(session):
    """One intra-op thread for torch on CPU unless OMP_NUM_THREADS says otherwise: the tests' tensors are tiny, and
    on a busy 2-core machine two spinning OpenMP threads per op made a 40-step example ~10x slower (2.0 s against
    0.2 s, 2026-11-30). Processes started through harness.python_process get OMP_NUM_THREADS=1 the same way. No test
    asserts on speed; this only keeps `make test` fast."""
    if "OMP_NUM_THREADS" in os.environ or _cuda():
        return
    try:
        import torch
    except ImportError:
        return
    torch.set_num_threads(1)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "e2e: starts a fresh Python process (importing torch costs 3-5 s on CI): only for what an "
        "in-process run cannot show (light import, real signals, several processes); see tests/README.md")


def pytest_collection_modifyitems(config, items):
    if _cuda():
        return
    skip = pytest.mark.skip(reason="needs CUDA (run scripts/gpu-check.sh on the device machine)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
