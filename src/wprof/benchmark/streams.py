"""Which stream the harness times on: torch's current stream, or CuPy's current stream when the two differ.

CuPy launches on its own current stream (``cupy.cuda.get_current_stream()``), which a user may have set with
``stream.use()`` or ``with stream:`` around ``bench``. Events recorded on torch's current stream do not see that
work, and a CUDA graph captured on torch's capture stream does not contain it. When CuPy is imported and its current
stream is not torch's, wprof times on CuPy's stream instead (``torch.cuda.ExternalStream``): events, the GPU-side
wait and the samples are then on the stream the work goes to, and the result says so. A stream entered *inside* the
callable cannot be known before it runs: the cross-check finds that one (:mod:`wprof.benchmark.crosscheck`).
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

__all__ = ["cupy_stream", "bench_stream"]


def cupy_stream(torch: Any) -> int | None:
    """CuPy's current stream handle when CuPy is imported and it is not torch's current stream, else None.

    Only streams CuPy created (handle != 0) count: handle 0 is the legacy default stream, which is also torch's
    default stream.
    """
    cupy = sys.modules.get("cupy")
    if cupy is None:
        return None
    try:
        ptr = int(cupy.cuda.get_current_stream().ptr)
        mine = int(torch.cuda.current_stream().cuda_stream)
    except Exception:
        return None
    if ptr == 0 or ptr == mine:
        return None
    return ptr


@contextlib.contextmanager
def bench_stream(torch: Any, notices: list[str]):  # type: ignore[no-untyped-def]
    """Make CuPy's current stream torch's current stream for the measurement, when they differ (a notice says so)."""
    ptr = None if torch is None else cupy_stream(torch)
    if ptr is None:
        yield None
        return
    ext = torch.cuda.ExternalStream(ptr)
    notices.append(f"CuPy's current stream (0x{ptr:x}) is not torch's: timed on CuPy's stream, where its kernels "
                   "go (events, GPU-side wait and graph capture follow it)")
    with torch.cuda.stream(ext):
        yield ext
