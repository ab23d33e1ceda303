"""How a step-time figure reaches a report: loggers called by another name, and accumulators (WP116).

Two facts of the reporting dataflow that a list of reporting method names misses (twenty-third session,
recallmix, sets 137-180):

- a **logger** is any object or callable bound to a logging name: ``logger.store(total=..., SPS=...)``,
  ``self.logger.record(...)``, ``tb_writer.flush_scalars(...)``, or a callable bound to ``logging``/``log``/``logger``
  by the program itself (``logging = create_exp_dir(...)``; ``logging(log_str)``). Every method of a logger, and
  calling one, records its arguments, whatever the method is called;
- an **accumulator** holds the figures handed to its update method: ``batch_time.update(time.time() - end)``
  (pytorch/examples' ``AverageMeter``), ``recorder.record(dt)``, ``throughput.update(tokens=n, dt=dt)``. The object
  then carries the figure: a report that reads it (``batch_time.avg``, ``batch_time=batch_time`` in a format,
  ``throughput.avg_toks_per_sec()``) reports the interval.
"""

from __future__ import annotations

import ast
import re

from .._context import dotted

_LOGGER = re.compile(r"^_?(logger|logging|log|\w+_logger|\w+_log|writer|\w+_writer|summary_writer|wandb|tracker|"
                     r"\w+_tracker|mlflow|neptune|comet|experiment_logger)$")
# methods that fold a figure into an object's running statistics
_ACCUMULATE = frozenset({"update", "record", "add", "add_value", "push", "accumulate", "add_sample", "observe",
                         "update_stats", "step_time"})


def logger_call(call: ast.Call) -> bool:
    """A call of a logger (``logging(s)``, ``log(s)``) or of any method of one (``self.logger.store(...)``)."""
    f = call.func
    if isinstance(f, ast.Name):
        return f.id in ("logging", "log", "logger", "_log", "log_fn", "log_func")
    if isinstance(f, ast.Attribute):
        recv = f.value
        name = recv.attr if isinstance(recv, ast.Attribute) else recv.id if isinstance(recv, ast.Name) else ""
        if name == "logging" and isinstance(recv, ast.Name):
            return f.attr in ("info", "warning", "debug", "error", "critical", "log", "exception")
        return bool(_LOGGER.match(name))
    return False


def figure_holder(st: ast.stmt) -> tuple[str, bool] | None:
    """The object a statement hands figures to, and whether it is a list appended to: ``times.append(dt)`` ->
    (``times``, True), an accumulator's ``meter.update(dt)`` -> (``meter``, False); None otherwise."""
    if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Call)):
        return None
    f = st.value.func
    if not (isinstance(f, ast.Attribute) and (f.attr == "append" or f.attr in _ACCUMULATE)):
        return None
    obj = dotted(f.value)
    return (obj, f.attr == "append") if obj else None
