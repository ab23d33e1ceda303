"""Timestamps ("marks") on the clock that times compute: CUDA events, synchronize + host clock, or the host clock.

A backend hands out opaque integer marks and later turns two marks into elapsed milliseconds:

- :class:`EventMarks` (``events`` mode): a mark is a sequence number into a ring of pre-allocated
  ``torch.cuda.Event(enable_timing=True)``, recorded on the current stream. The ring is allocated (and every event
  recorded once, which is when CUDA creates it) before the window; marks are read lazily with ``query()`` and the
  ring slot is reused only after its step was resolved. Nothing synchronizes in the loop.
- :class:`SyncMarks` (``sync`` mode): ``torch.cuda.synchronize()`` then the host clock (the seed template).
- :class:`HostMarks` (``host`` mode): the host clock alone.

``clock`` names the clock for the result (``cuda-events`` / ``host``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

__all__ = ["HostMarks", "SyncMarks", "EventMarks"]


class HostMarks:
    """Marks on the host clock (``time.perf_counter_ns``, or an injected fake clock in tests)."""

    clock = "host"

    def __init__(self, now: Callable[[], int] = time.perf_counter_ns) -> None:
        self.mark = now  # a mark is the host time in ns
        self.stalls = 0
        self.grown = 0

    def prepare(self, n_marks: int, on_full: Callable[[], bool]) -> None:
        return None

    def ready(self, m: int) -> bool:
        return True

    def wait(self, m: int) -> None:
        return None

    def elapsed_ms(self, a: int, b: int) -> float:
        return (b - a) / 1e6

    def release_before(self, m: int) -> None:
        return None

    def finalize(self) -> None:
        return None


class SyncMarks(HostMarks):
    """``torch.cuda.synchronize()`` then the host clock: the seed template's timing, exactly."""

    def __init__(self, now: Callable[[], int] = time.perf_counter_ns, synchronize: Callable[[], Any] | None = None):
        super().__init__(now)
        if synchronize is None:
            import torch

            synchronize = torch.cuda.synchronize
        sync = synchronize

        def mark() -> int:
            sync()
            return now()

        self.mark = mark


class EventMarks:
    """Marks as CUDA events in a pre-allocated ring; resolved lazily, never synchronized inside the loop.

    ``on_full`` (given by the gauge in :meth:`prepare`) resolves the older pending steps (waiting only if the oldest
    has not completed)
    when the ring has no free slot; if that frees nothing the ring grows (outside the hot path, counted in
    ``grown``). Both are reported as warnings when they happen.
    """

    clock = "cuda-events"

    def __init__(self, device: Any = None) -> None:
        import torch

        self._torch = torch
        self.device = torch.cuda.current_device() if device is None else device
        self._ring: list[Any] = []
        self._size = 0
        self._head = 0  # next sequence number to hand out
        self._tail = 0  # oldest sequence number still needed
        self._on_full: Callable[[], bool] = lambda: False
        self.stalls = 0  # times the ring was full and a step had to be waited for
        self.grown = 0  # events allocated inside the window (ring too small)
        self._raw_stream = getattr(torch._C, "_cuda_getCurrentRawStream", None)
        self._stream = None
        self._stream_id = None
        self._record = None

    # --- set-up (outside the timed window) ------------------------------------------------------------------------
    def _new_events(self, n: int) -> list[Any]:
        torch = self._torch
        with torch.cuda.device(self.device):
            evs = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
            stream = torch.cuda.current_stream()
            for ev in evs:  # CUDA creates an event lazily at its first record: do it now, not in the loop
                ev.record(stream)
        return evs

    def prepare(self, n_marks: int, on_full: Callable[[], bool]) -> None:
        """Allocate the ring for ``n_marks`` marks (the window's steps times marks per step, plus lag)."""
        self._on_full = on_full
        n = max(16, int(n_marks))
        if n > self._size:
            self._grow_to(n)
        base = type(self._ring[0]).__mro__[1]  # torch's C event class: record(stream) without the Python wrapper
        self._record = getattr(base, "record", None)
        self._refresh_stream()

    def _grow_to(self, n: int) -> None:
        """Resize the ring to ``n`` events; live marks keep their sequence numbers (placed at ``seq % n``)."""
        size = self._size
        live = {s % n: self._ring[s % size] for s in range(self._tail, self._head)} if size else {}
        live_ids = {id(e) for e in live.values()}
        spare = [e for e in self._ring if id(e) not in live_ids] + self._new_events(n - size)
        it = iter(spare)
        self._ring = [live[i] if i in live else next(it) for i in range(n)]
        self._size = n

    def _refresh_stream(self) -> None:
        torch = self._torch
        self._stream = torch.cuda.current_stream(self.device)
        self._stream_id = self._raw_stream(self.device) if self._raw_stream else None

    # --- hot path ---------------------------------------------------------------------------------------------------
    def mark(self) -> int:
        s = self._head
        while s - self._tail >= self._size:  # no free slot: read older steps (or grow when nothing is pending)
            if not self._on_full():
                self.grown += self._size
                self._grow_to(self._size * 2)
        raw = self._raw_stream
        if raw is None or raw(self.device) != self._stream_id:
            self._refresh_stream()  # the user switched streams: record where their work goes
        rec = self._record
        if rec is not None:
            rec(self._ring[s % self._size], self._stream)
        else:
            self._ring[s % self._size].record(self._stream)
        self._head = s + 1
        return s

    def ready(self, m: int) -> bool:
        return bool(self._ring[m % self._size].query())

    def wait(self, m: int) -> None:
        """Block until mark ``m`` completed (only when the ring is full, or after the window)."""
        self._ring[m % self._size].synchronize()

    def elapsed_ms(self, a: int, b: int) -> float:
        ea, eb = self._ring[a % self._size], self._ring[b % self._size]
        try:
            return float(ea.elapsed_time(eb))
        except RuntimeError:  # the marks sit on different streams and `a` was not complete yet
            ea.synchronize()
            eb.synchronize()
            return float(ea.elapsed_time(eb))

    def release_before(self, m: int) -> None:
        if m > self._tail:
            self._tail = m

    def finalize(self) -> None:
        self._torch.cuda.synchronize(self.device)
