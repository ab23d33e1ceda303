"""Sweeps: one ``bench`` per point of the cross product of parameter axes (nvbench's axes, Triton's perf_report).

``wprof bench FILE:factory --param n=1024,2048,4096 --param dtype=bf16,fp16`` imports the file once, then for each
point calls the factory with that point's values (inputs allocated, not timed), times the callable with the same
settings as a single ``bench``, adds the throughput section when the factory declares its work (see
:mod:`wprof.benchmark.throughput`), and frees the inputs before the next point. A point whose factory or callable
raises (out of memory at the largest size, say) keeps the error and the sweep goes on; a mistake in the arguments
stops it at once. Ctrl-C keeps the points measured so far (``status: interrupted``).

:func:`compare_sweeps` compares two sweeps point by point (ratio of medians with a bootstrap CI at each point both
measured).
"""

from __future__ import annotations

import gc
import itertools
import logging
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .. import __version__
from ..errors import UsageError, UserCodeError
from ..results import BenchResult, now_utc
from ..results.sweep import SweepComparePoint, SweepCompareResult, SweepPoint, SweepResult, point_label
from .throughput import check_declaration, count_call_flops, throughput

__all__ = ["add_throughput", "compare_sweeps", "grid", "run_sweep"]


def grid(axes: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Every point of the cross product, the first axis slowest: ``[{"n": 1024, "dtype": "bf16"}, ...]``."""
    names = list(axes)
    return [dict(zip(names, combo)) for combo in itertools.product(*(axes[k] for k in names))]


def add_throughput(result: BenchResult, fn: Callable[..., Any], args: tuple | None, decl: dict[str, Any] | None,
                   params: dict[str, Any], *, count_flops: bool = False, where: str = "factory") -> BenchResult:
    """``result`` with its ``throughput`` section when the factory declared work (or ``count_flops``); FLOPs are counted
    after timing (one extra call under FlopCounterMode), so the count never touches the measurement."""
    work = check_declaration(decl, where) if decl else {}
    flops, source = work.get("flops"), "declared by the factory"
    if flops == "count" or (flops is None and count_flops):
        flops, source = count_call_flops(fn, args)
        if flops is None:
            work.setdefault("reason", source)
    if flops is None and not work.get("bytes"):
        if "reason" in work:
            return replace(result, throughput={"reason": work["reason"]})
        return result
    dtype = work.get("dtype")
    if dtype is None and "dtype" in params:
        from .. import hardware

        try:
            dtype = hardware.normalize_dtype(params["dtype"])
        except UsageError:
            dtype = None
    s = result.summary
    dev = (result.env.get("device") or {}).get("name")
    section = throughput(s.median, (s.ci95_low, s.ci95_high), flops=flops, bytes_=work.get("bytes"), dtype=dtype,
                         device_name=dev, flops_source=source, host_clock=result.clock == "host")
    if work.get("reason"):
        section["reason"] = "; ".join(x for x in (work["reason"], section.get("reason")) if x)
    return replace(result, throughput=section)


def _free() -> None:
    gc.collect()
    torch = sys.modules.get("torch")
    if torch is not None:
        try:
            if torch.cuda.is_available():
                torch.cuda.empty_cache()
        except Exception:  # freeing is best effort; the next point reports its own out-of-memory
            pass


class _OnceFilter(logging.Filter):
    """Lets one message through once: the host-clock notice is said once per sweep, not once per point."""

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message, self.seen = message, False

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != self.message:
            return True
        seen, self.seen = self.seen, True
        return not seen


def run_sweep(spec: str, axes: dict[str, list[Any]], *, fixed: dict[str, Any] | None = None, name: str | None = None,
              count_flops: bool = False, on_point: Callable[[int, int, SweepPoint], None] | None = None,
              **bench_kwargs: Any) -> SweepResult:
    """Time ``spec`` (``path.py:factory`` or ``module:factory``) at every point of ``axes`` with ``bench``'s
    keyword arguments; ``on_point(i, n, point)`` is called after each point (progress lines)."""
    from .core import bench
    from .target import call_factory, resolve_factory, unpack_target

    if not axes:
        raise UsageError("a sweep needs at least one --param with several values, e.g. --param n=1024,2048.")
    fixed = dict(fixed or {})
    clash = sorted(set(fixed) & set(axes))
    if clash:
        raise UsageError(f"--param {clash[0]} is both fixed and an axis; give it once.")
    factory, attr = resolve_factory(spec)
    keys = list(axes)
    points: list[SweepPoint] = []
    status = "complete"
    todo = grid(axes)
    from .backends import HOST_NOTICE

    once = _OnceFilter(HOST_NOTICE)
    logger = logging.getLogger("wprof")
    logger.addFilter(once)
    try:
        for i, values in enumerate(todo):
            params = {**fixed, **values}
            label = point_label(values, keys)
            point_name = f"{name or attr}[{label}]"
            try:
                fn, args, decl = unpack_target(call_factory(factory, attr, params))
                if decl:
                    check_declaration(decl, attr)  # a bad declaration stops the sweep before it measures
                result = bench(fn, args=args, name=point_name, target=f"{spec} {label}", **bench_kwargs)
                result = add_throughput(result, fn, args, decl, params, count_flops=count_flops, where=attr)
                point = SweepPoint(params=values, result=result)
            except UserCodeError as exc:  # this point's code raised (out of memory, say): keep going
                point = SweepPoint(params=values, error=str(exc))
            finally:
                fn = args = decl = None  # the inputs go before the next point allocates its own
                _free()
            points.append(point)
            if on_point is not None:
                on_point(i, len(todo), point)
    except KeyboardInterrupt:
        status = "interrupted"
    finally:
        logger.removeFilter(once)
    if points and all(p.result is None for p in points) and status == "complete":
        raise UserCodeError(f"every point of the sweep failed; the first: {points[0].error}", phase="setup")
    first = next((p.result for p in points if p.result is not None), None)
    config = dict(first.config) if first is not None else {}
    notes = []
    if status == "interrupted":
        notes.append(f"interrupted: {len(points)} of {len(todo)} points measured")
    return SweepResult(name=name or attr, target=spec, axes={k: list(v) for k, v in axes.items()},
                       points=tuple(points), fixed=fixed, status=status, config=config,
                       env=dict(first.env) if first is not None else {}, notes=tuple(notes),
                       created_utc=now_utc(), wprof_version=__version__)


def compare_sweeps(a: SweepResult, b: SweepResult) -> SweepCompareResult:
    """B against A at every point both measured (matched by parameter values); ratio = median(B) / median(A)."""
    from .compare import compare_results

    if list(a.axes) != list(b.axes):
        raise UsageError(f"the sweeps have different axes (A: {', '.join(a.axes) or 'none'}; B: "
                         f"{', '.join(b.axes) or 'none'}); compare sweeps over the same parameters.")
    bmap = {repr(sorted(p.params.items())): p for p in b.points}
    out: list[SweepComparePoint] = []
    notes: list[str] = []
    seen: set[str] = set()
    for pa in a.points:
        key = repr(sorted(pa.params.items()))
        seen.add(key)
        pb = bmap.get(key)
        if pb is None:
            notes.append(f"{point_label(pa.params)}: only in A")
            continue
        if pa.result is None or pb.result is None:
            which = "A" if pa.result is None else "B"
            out.append(SweepComparePoint(params=pa.params, comparison=None,
                                         error=f"{which} has no result: {(pa if which == 'A' else pb).error}"))
            continue
        cmp = compare_results(pa.result, pb.result)
        cmp = replace(cmp, notes=tuple(n for n in cmp.notes if not n.startswith("separate runs")))
        out.append(SweepComparePoint(params=pa.params, comparison=cmp))
    notes += [f"{point_label(p.params)}: only in B" for p in b.points if repr(sorted(p.params.items())) not in seen]
    if not any(p.comparison is not None for p in out):
        raise UsageError("the two sweeps have no point in common with a result on both sides; compare sweeps over "
                         "the same parameter values.")
    notes.append("separate runs: drift between them (clocks, temperature, other processes) is not controlled")
    axes = {k: [v for v in a.axes[k]] for k in a.axes}
    return SweepCompareResult(a_name=a.name, b_name=b.name, axes=axes, points=tuple(out), notes=tuple(notes),
                              created_utc=now_utc(), wprof_version=__version__)
