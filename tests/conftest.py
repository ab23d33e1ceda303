"""Shared test setup. The conventions (markers, in-process runs, when a test may start a process) are in
tests/README.md; the in-process runners are in tests/harness.py."""

import pytest


def _cuda() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


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
