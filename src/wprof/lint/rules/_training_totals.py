"""WP116: a total wall time reported as the *training* time.

A run's total duration read after the loop (``print(f"total time {end - start}")``) should count everything, so
the rule leaves it alone unless it is turned into a rate. A total that the report labels as training time
(``print(f"training using time {end - start}")``, ``{"train_time": end - start}``; not a looser "training
took", left as the run's duration) is a training figure, and the
periodic evaluation or checkpoint save of the loop it spans is counted in it as training.
"""

from __future__ import annotations

import ast
import re

_TRAIN = re.compile(r"\btrain(ing)?[ _-]?(using[ _])?(time|seconds|secs|duration)\b", re.IGNORECASE)
# a name that labels its value as training time (`training_time`, `total_train_seconds`)
TRAIN_NAME = re.compile(r"(^|_)train(ing)?_?(time|seconds|secs|sec|duration)($|_)", re.IGNORECASE)


def training_label(st: ast.stmt) -> bool:
    """The report statement ``st`` labels its figure as training time: a string of it (an f-string's text, a format
    string, a dict key or keyword) names the training's time (``training using time``, ``train_time``,
    ``Training time:``)."""
    for n in ast.walk(st):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and _TRAIN.search(n.value):
            return True
        if isinstance(n, ast.keyword) and n.arg and _TRAIN.search(n.arg):
            return True
    return False
