"""The gauge's hooks for loops that are not ``for batch in loader``: ``with gauge.step()``, ``with gauge.data()``,
``with gauge.phase(name)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .gauge import Gauge

__all__ = ["PhaseCM", "StepCM", "DataCM"]


class PhaseCM:
    __slots__ = ("g", "name", "m0")

    def __init__(self, g: Gauge, name: str) -> None:
        self.g, self.name, self.m0 = g, name, None

    def __enter__(self) -> PhaseCM:
        st = self.g._open
        if st is not None:
            st.k += 2
            if st.win:
                self.m0 = self.g._mark()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.m0 is not None:
            st = self.g._open
            if st is not None:
                st.phases.append((self.name, self.m0, self.g._mark()))


class StepCM:
    __slots__ = ("g",)

    def __init__(self, g: Gauge) -> None:
        self.g = g

    def __enter__(self) -> Gauge:
        self.g.begin_step()
        return self.g

    def __exit__(self, et: Any, ev: Any, tb: Any) -> None:
        if et is None:
            self.g.end_step()
        else:
            self.g._discard(f"{et.__name__} raised inside step")


class DataCM:
    __slots__ = ("g",)

    def __init__(self, g: Gauge) -> None:
        self.g = g

    def __enter__(self) -> Gauge:
        self.g.begin_data()
        return self.g

    def __exit__(self, *exc: object) -> None:
        self.g.end_data()
