import pytest


def _cuda() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


def pytest_collection_modifyitems(config, items):
    if _cuda():
        return
    skip = pytest.mark.skip(reason="needs CUDA (run scripts/gpu-check.sh on the device machine)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
