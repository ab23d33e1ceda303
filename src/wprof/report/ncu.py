"""The report of an NcuResult: the per-kernel table `wprof ncu` prints (durations in µs, largest total first)."""

from __future__ import annotations

from typing import Any

from ._doc import Block, Line, Table

__all__ = ["blocks", "short_name"]


def short_name(name: str, width: int | None) -> str:
    """Display only (the JSON keeps full names): drop the return type and torch's namespace so that the part that
    tells kernels apart (cos_kernel_cuda vs exp_kernel_cuda) fits."""
    if name.startswith("void "):
        name = name[5:]
    name = name.replace("at::native::", "")
    return name if width is None or len(name) <= width else name[: width - 1] + "…"


def blocks(result: Any, *, samples: bool = False, name_width: int | None = 100, limit: int | None = 30
           ) -> list[Block]:
    kernels = result.kernels
    n = len(result.launches)
    title = (f"ncu: {n} launch{'es' if n != 1 else ''} of {len(kernels)} kernel{'s' if len(kernels) != 1 else ''} "
             f"in the {result.window} window; {result.clock}")
    shown = kernels if limit is None or samples else kernels[:limit]
    rows = tuple((short_name(k.name, name_width), str(k.count),
                  *(f"{v * 1e3:.2f}" for v in (k.total_ms, k.mean_ms, k.median_ms, k.min_ms, k.max_ms, k.std_ms)))
                 for k in shown)
    out: list[Block] = [Line(title, "title"),
                        Table("", ("kernel", "count", "total µs", "mean µs", "median µs", "min µs", "max µs", "std µs"),
                              rows, align=("l",) + ("r",) * 7, shrink=(0,))]
    if len(shown) < len(kernels):
        out.append(Line(f"... {len(kernels) - len(shown)} more kernels in the JSON result", "note"))
    out += [Line(f"warning: {w}", "warning") for w in result.warnings]
    if samples:
        out.append(Table("launches (µs, in order)", ("id", "kernel", "duration µs"),
                         tuple((str(x.id), short_name(x.name, name_width), f"{x.duration_ms * 1e3:.3f}")
                               for x in result.launches), align=("r", "l", "r"), shrink=(1,)))
    return out
