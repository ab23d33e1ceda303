"""A gauge that records the calls a framework callback makes (the order is what the tests check)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class _Config:
    global_batch_size: int | None = None
    sources: dict[str, str] = field(default_factory=dict)


class RecordingGauge:
    enabled = True

    def __init__(self, events: list[str] | None = None, gbs: int | None = None) -> None:
        self.events = [] if events is None else events
        self.config = _Config(gbs, {"global_batch_size": "kwarg"} if gbs else {})
        self.observed: list[Any] = []

    def set_global_batch_size(self, n: int, *, source: str = "") -> int:
        self.config = _Config(n, {"global_batch_size": source})
        return n

    def begin_step(self) -> None:
        self.events.append("begin_step")

    def end_step(self) -> None:
        self.events.append("end_step")

    def begin_data(self) -> None:
        self.events.append("begin_data")

    def end_data(self) -> None:
        self.events.append("end_data")

    def observe(self, batch: Any) -> None:
        self.observed.append(batch)

    def phase(self, name: str) -> Any:
        events = self.events

        class _Phase:
            def __enter__(self) -> None:
                events.append(f"phase {name}")

            def __exit__(self, *exc: Any) -> None:
                events.append(f"/phase {name}")

        return _Phase()

    def finish(self) -> None:
        self.events.append("finish")


def steps(events: list[str]) -> list[list[str]]:
    """The events split at each begin_step (the first chunk: what came before any step)."""
    out: list[list[str]] = [[]]
    for e in events:
        if e == "begin_step":
            out.append([])
        out[-1].append(e)
    return out
