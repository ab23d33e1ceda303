"""Configuration from keyword arguments and the ``WPROF`` environment variable: wprof's one variable, parsed here.

``WPROF`` is a ``;``-separated list of tokens, for example::

    WPROF="5,30;--gbs=128;--log-interval=10;--dmon;--kineto;--exit"

A bare ``WARMUP,ITERS`` token sets both counts (``5,30``: skip 5 iterations, measure the next 30, like
``warmup=5, iters=30``); ``--window=START,STOP`` measures iterations START..STOP-1; every other token is a flag from
:data:`FLAGS` (``--name=value`` or ``--name`` for switches). This module is the only parser of ``WPROF``; a bad token
raises :class:`~wprof.errors.ConfigError` naming the token and listing the valid flags. Settings from ``WPROF`` win
over keyword arguments (the variable is the per-run override; the code holds the defaults).

Most flags set a :class:`GaugeConfig` field (scope ``gauge``). A few are process-wide (scope ``process``) and read
with :func:`env_setting` by the module they steer: ``--nvtx-backend`` (:mod:`wprof.nvtx`) and ``--nvtx-phases``
(``wprof run``, set by ``wprof nsys``/``ncu``). The variables these replaced (``WPROF_NVTX``, ``WPROF_NVTX_PHASES``,
``WPROF_LOOP_FILE``) are still read when ``WPROF`` does not give the setting, with a one-line deprecation notice.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ..errors import ConfigError, UsageError

__all__ = ["GaugeConfig", "FLAGS", "parse_wprof", "format_wprof", "resolve_config", "env_setting", "ENV_VAR",
           "MODES", "NVTX_BACKENDS", "DEPRECATED"]

ENV_VAR = "WPROF"
MODES = ("auto", "events", "sync", "host")
NVTX_BACKENDS = ("auto", "nvtx", "torch", "off")


@dataclass(frozen=True)
class Flag:
    """One ``WPROF`` flag: the keyword argument it sets, its value kind and its help line."""

    name: str  # without the leading dashes
    key: str  # GaugeConfig field
    kind: str  # "int", "float", "str", "window", "mode", "nvtx", "switch", "off-switch"
    help: str
    scope: str = "gauge"  # "gauge": a GaugeConfig field; "process": read with env_setting() by wprof.nvtx, wprof run


#: Every flag of ``WPROF`` (and of ``wprof run``), in the order of docs/loop.md's table.
FLAGS: tuple[Flag, ...] = (
    Flag("window", "window", "window", "START,STOP: measure iterations START..STOP-1 (overrides warmup/iters)"),
    Flag("warmup", "warmup", "int", "iterations excluded before the window (default 5)"),
    Flag("iters", "iters", "int", "iterations measured after warmup (default 30)"),
    Flag("gbs", "global_batch_size", "int", "global batch size (samples per step, all ranks); enables fps"),
    Flag("global-batch-size", "global_batch_size", "int", "same as --gbs"),
    Flag("mode", "mode", "mode", "auto | events | sync | host (default auto: events on CUDA, host without)"),
    Flag("log-interval", "log_interval", "int",
         "print every Nth iteration of the window, from its first (0: none; default 10)"),
    Flag("name", "name", "str", "result name: files <out>/<name>.json and .jsonl (default: the script's name)"),
    Flag("out", "out_dir", "str", "results directory (default ./wprof-results)"),
    Flag("dmon", "dmon", "switch", "sample NVML (power, clocks, utilization, throttle reasons) over the window"),
    Flag("kineto", "kineto", "switch", "torch.profiler trace over the window + top-ops table"),
    Flag("memory", "memory_history", "switch", "CUDA memory-history snapshot over the window (python stacks)"),
    Flag("cprofile", "cprofile", "switch", "cProfile of the host over the window"),
    Flag("nvtx", "nvtx", "switch", "one NVTX range per iteration ('wprof.step N')"),
    Flag("no-profiler-api", "profiler_api", "off-switch", "do not call torch.cuda.profiler.start/stop at the edges"),
    Flag("exit", "exit_after", "switch", "exit the process after the window (results written first)"),
    Flag("flops-per-sample", "flops_per_sample", "float", "model FLOPs per sample (forward+backward) for MFU"),
    Flag("flops-per-step", "flops_per_step", "float", "FLOPs one rank executes per step, for MFU"),
    Flag("count-flops", "count_flops", "switch", "count FLOPs of one warmup step with FlopCounterMode, for MFU"),
    Flag("peak-flops", "peak_flops", "float", "peak FLOP/s of one GPU (for devices wprof.hardware does not know)"),
    Flag("dtype", "dtype", "str", "dtype of the peak used for MFU (default: bf16, said to be assumed)"),
    Flag("all-ranks", "all_ranks", "switch", "every rank prints its lines (default: rank 0 only)"),
    Flag("off", "enabled", "off-switch", "disable the gauge: iterate the loader untouched"),
    Flag("loop-file", "loop_file", "str", "the file that holds the loop when it is not the script (wprof run sets it; "
                                          "the next step's command instruments that file)"),
    Flag("nvtx-backend", "nvtx_backend", "nvtx", "wprof.nvtx backend: auto, nvtx, torch or off (default auto)",
         scope="process"),
    Flag("nvtx-phases", "nvtx_phases", "switch", "wprof run: NVTX ranges around every forward, backward and "
                                                 "optimizer step (wprof nsys/ncu set it)", scope="process"),
)
_BY_NAME = {f.name: f for f in FLAGS}
_PROCESS_KEYS = frozenset(f.key for f in FLAGS if f.scope == "process")

#: The variables ``WPROF`` replaced: old name -> (setting, the ``WPROF`` token to use instead).
DEPRECATED: dict[str, tuple[str, str]] = {
    "WPROF_NVTX": ("nvtx_backend", "--nvtx-backend=off (or auto, nvtx, torch)"),
    "WPROF_NVTX_PHASES": ("nvtx_phases", "--nvtx-phases"),
    "WPROF_LOOP_FILE": ("loop_file", "--loop-file=PATH"),
}
_noticed: set[str] = set()


@dataclass(frozen=True)
class GaugeConfig:
    """Everything the gauge can be told. ``window`` is derived from ``warmup``/``iters`` when not given."""

    global_batch_size: int | None = None
    warmup: int = 5
    iters: int = 30
    window: tuple[int, int] | None = None
    mode: str = "auto"
    log_interval: int = 10
    name: str | None = None
    out_dir: str | None = None
    flops_per_sample: float | None = None
    flops_per_step: float | None = None
    count_flops: bool = False
    peak_flops: float | None = None
    dtype: str | None = None  # MFU peak dtype; None: bf16, reported as assumed
    dmon: bool = False
    kineto: bool = False
    memory_history: bool = False
    cprofile: bool = False
    nvtx: bool = False
    profiler_api: bool = True
    exit_after: bool = False
    all_ranks: bool = False
    enabled: bool = True
    loop_file: str | None = None  # the loop's file when it is not the script (wprof run): the next step names it
    sources: dict[str, str] = field(default_factory=dict)  # field -> "kwarg" | "WPROF"

    @property
    def start(self) -> int:
        return self.window[0] if self.window else self.warmup

    @property
    def stop(self) -> int:
        return self.window[1] if self.window else self.warmup + self.iters

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window"] = [self.start, self.stop]
        return d


def _flag_list() -> str:
    return ", ".join(f"--{f.name}" + ("" if f.kind in ("switch", "off-switch") else "=") for f in FLAGS)


def _bad(token: str, why: str) -> ConfigError:
    return ConfigError(f"{ENV_VAR} token {token!r}: {why}. Valid: WARMUP,ITERS (e.g. 5,30), {_flag_list()} "
                       f"(see docs/loop.md).")


def _window(text: str, token: str) -> tuple[int, int]:
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        a, b = int(parts[0]), int(parts[1])
    except ValueError:
        raise _bad(token, "--window takes two integers START,STOP, e.g. --window=5,35") from None
    if not 0 <= a < b:
        raise _bad(token, f"the window needs 0 <= START < STOP (got {a},{b})")
    return (a, b)


def _pair(token: str) -> tuple[int, int]:
    parts = token.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        warmup, iters = int(parts[0]), int(parts[1])
    except ValueError:
        raise _bad(token, "a bare token is WARMUP,ITERS, two integers such as 5,30") from None
    if warmup < 0 or iters < 1:
        raise _bad(token, f"WARMUP,ITERS needs WARMUP >= 0 and ITERS >= 1 (got {warmup},{iters})")
    return warmup, iters


def _value(flag: Flag, raw: str, token: str) -> Any:
    if flag.kind == "int":
        try:
            v = int(raw)
        except ValueError:
            raise _bad(token, f"--{flag.name} takes an integer, got {raw!r}") from None
        if v < 0 or (flag.key == "global_batch_size" and v == 0):
            raise _bad(token, f"--{flag.name} must be {'>= 1' if flag.key == 'global_batch_size' else '>= 0'}")
        return v
    if flag.kind == "float":
        try:
            v = float(raw)
        except ValueError:
            raise _bad(token, f"--{flag.name} takes a number such as 6e9, got {raw!r}") from None
        if not (v > 0 and math.isfinite(v)):  # inf would print "MFU: inf%"
            raise _bad(token, f"--{flag.name} must be a positive, finite number, got {raw!r}")
        return v
    if flag.kind == "mode":
        if raw not in MODES:
            raise _bad(token, f"--mode is one of {', '.join(MODES)}")
        return raw
    if flag.kind == "nvtx":
        if raw not in NVTX_BACKENDS:
            raise _bad(token, f"--nvtx-backend is one of {', '.join(NVTX_BACKENDS)}")
        return raw
    if flag.kind == "window":
        return _window(raw, token)
    if not raw:
        raise _bad(token, f"--{flag.name} needs a value: --{flag.name}=VALUE")
    return raw


def _parse_token(token: str) -> dict[str, Any]:
    """The settings of one (stripped, non-empty) token. Raises ConfigError."""
    if not token.startswith("-"):
        if token in ("0", "off"):
            return {"enabled": False}
        warmup, iters = _pair(token)
        return {"warmup": warmup, "iters": iters}
    if not token.startswith("--"):
        raise _bad(token, "flags start with two dashes")
    name, eq, raw = token[2:].partition("=")
    flag = _BY_NAME.get(name)
    if flag is None:
        raise _bad(token, f"unknown flag --{name}")
    if flag.kind in ("switch", "off-switch"):
        if eq:
            raise _bad(token, f"--{name} is a switch and takes no value")
        return {flag.key: flag.kind == "switch"}
    if not eq:
        raise _bad(token, f"--{name} needs a value: --{name}=VALUE")
    return {flag.key: _value(flag, raw.strip(), token)}


def parse_wprof(text: str) -> dict[str, Any]:
    """Parse a ``WPROF`` string into setting values (GaugeConfig fields, and the process-wide ``nvtx_backend`` and
    ``nvtx_phases``). Raises ConfigError on the first bad token."""
    out: dict[str, Any] = {}
    for raw_token in text.split(";"):
        token = raw_token.strip()
        if not token:
            continue
        got = _parse_token(token)
        for key, v in got.items():
            if key in out and out[key] != v:
                if key in ("warmup", "iters") and len(got) == 2:
                    raise ConfigError(f"{ENV_VAR}: {token!r} sets {key}={v} but --{key}={out[key]} was given too; "
                                      "give one of them.")
                raise ConfigError(f"{ENV_VAR}: {token!r} contradicts an earlier token that set {key}="
                                  f"{out[key]}; give it once.")
            out[key] = v
    if "window" in out and ("warmup" in out or "iters" in out):
        raise ConfigError(f"{ENV_VAR}: --window={out['window'][0]},{out['window'][1]} and a warmup/iters setting "
                          "were both given; use either --window=START,STOP or WARMUP,ITERS (--warmup/--iters).")
    return out


def env_setting(key: str, environ: Mapping[str, str] | None = None) -> Any:
    """One setting from ``WPROF`` (other tokens that do not parse are skipped here: the gauge reports them; a bad
    value of this setting raises ConfigError), else from the deprecated variable it replaced (printing a one-line
    notice once per process), else None.

    For process-wide settings: ``env_setting("nvtx_backend")`` (a value of :data:`NVTX_BACKENDS`, or the old
    variable's raw text), ``env_setting("nvtx_phases")`` (True or None)."""
    env = os.environ if environ is None else environ
    for raw_token in env.get(ENV_VAR, "").split(";"):
        token = raw_token.strip()
        if not token:
            continue
        try:
            got = _parse_token(token)
        except ConfigError:
            flag = _BY_NAME.get(token[2:].partition("=")[0]) if token.startswith("--") else None
            if flag is not None and flag.key == key:
                raise  # a bad value of this very setting: say so, never fall back to the default silently
            continue
        if key in got:
            return got[key]
    for old, (k, _) in DEPRECATED.items():
        if k == key and env.get(old, "") != "":
            _deprecation_notice(old)
            raw = env[old]
            return (raw.strip() == "1") or None if key == "nvtx_phases" else raw
    return None


def _deprecation_notice(old: str) -> None:
    """``wprof: WPROF_NVTX is deprecated; use WPROF="--nvtx-backend=off ..." (docs/loop.md)``, once per name."""
    if old in _noticed:
        return
    _noticed.add(old)
    try:
        sys.stderr.write(f"wprof: {old} is deprecated; use WPROF=\"{DEPRECATED[old][1]}\" (one variable for every "
                         "setting, docs/loop.md)\n")
    except Exception:
        pass


def format_wprof(**values: Any) -> str:
    """The ``WPROF`` string for GaugeConfig field values (the inverse of :func:`parse_wprof`)."""
    by_key: dict[str, Flag] = {}
    for f in FLAGS:
        by_key.setdefault(f.key, f)
    tokens: list[str] = []
    for key, v in values.items():
        if v is None:
            continue
        if key == "window":
            tokens.append(f"--window={int(v[0])},{int(v[1])}")
            continue
        f = by_key.get(key)
        if f is None:
            raise UsageError(f"format_wprof: unknown setting {key!r}; known: {', '.join(sorted(by_key))}")
        if f.kind == "switch":
            if v:
                tokens.append(f"--{f.name}")
        elif f.kind == "off-switch":
            if not v:
                tokens.append(f"--{f.name}")
        else:
            tokens.append(f"--{f.name}={v}")
    return ";".join(tokens)


def name_problem(name: str | None) -> str | None:
    """Why a result name is not a label inside the out-dir (``<out_dir>/<name>.json``), or None when it is one:
    ``"absolute"`` (an absolute path), ``"climbs"`` (it leaves the out-dir with ``..``) or ``"folder"`` (it names
    a folder: ``runs/``, ``.``; the files would be called ``.json``). A ``/`` inside makes a subfolder: fine."""
    if not name:
        return None
    norm = os.path.normpath(name)
    if os.path.isabs(name):
        return "absolute"
    if norm == os.pardir or norm.startswith(os.pardir + os.sep):
        return "climbs"
    if os.path.basename(name) in ("", os.curdir, os.pardir):
        return "folder"
    return None


def check_name(cfg: GaugeConfig) -> None:
    """The Gauge's own check of ``name`` (``wprof run``/``inject`` check theirs with the flag's wording first)."""
    problem = name_problem(cfg.name)
    if problem is not None:
        why = {"absolute": "is an absolute path", "climbs": "climbs out of out_dir with '..'",
               "folder": "names a folder, not a result"}[problem]
        norm = os.path.normpath(cfg.name or "")
        if problem == "folder":
            hint = f"name={os.path.join('' if norm == os.curdir else norm, 'train')!r}"
        else:
            head, tail = os.path.split(os.path.normpath(os.path.join(cfg.out_dir or "wprof-results", norm)))
            label = tail if tail not in ("", os.curdir, os.pardir) else "train"
            hint = f"out_dir={head or os.curdir!r}, name={label!r}"
        raise UsageError(f"name={cfg.name!r} {why}: a result name is a label inside out_dir (files "
                         f"<out_dir>/<name>.json and .jsonl); pass the folder as out_dir and the label as name, "
                         f"e.g. {hint}")


def _check(cfg: GaugeConfig) -> GaugeConfig:
    """Validate values that came in as keyword arguments (WPROF values were checked while parsing)."""
    if cfg.mode not in MODES:
        raise UsageError(f"mode={cfg.mode!r} is not a gauge mode; use one of {', '.join(MODES)}")
    if cfg.window is not None:
        w = cfg.window
        try:
            a, b = int(w[0]), int(w[1])
            if len(w) != 2:
                raise ValueError
        except (TypeError, ValueError, IndexError):
            raise UsageError(f"window={w!r} must be a pair (start, stop) of iteration indices") from None
        if not 0 <= a < b:
            raise UsageError(f"window={w!r} needs 0 <= start < stop")
        cfg = replace(cfg, window=(a, b))
    for key in ("warmup", "iters", "log_interval"):
        v = getattr(cfg, key)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise UsageError(f"{key}={v!r} must be an integer >= 0")
    if cfg.iters == 0 and cfg.window is None:
        raise UsageError("iters=0 measures nothing; pass iters >= 1")
    if cfg.dtype is not None:
        from ..hardware import normalize_dtype

        try:
            normalize_dtype(cfg.dtype)
        except UsageError as exc:
            raise UsageError(f"dtype={cfg.dtype!r} (the MFU peak's dtype): {exc}") from None
    gbs = cfg.global_batch_size
    if gbs is not None and (not isinstance(gbs, int) or isinstance(gbs, bool) or gbs < 1):
        raise UsageError(f"global_batch_size={gbs!r} must be a positive integer (samples per step, all ranks)")
    for key in ("flops_per_sample", "flops_per_step", "peak_flops"):
        v = getattr(cfg, key)
        if v is not None and not (isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0
                                  and math.isfinite(v)):
            raise UsageError(f"{key}={v!r} must be a positive, finite number of FLOPs (such as 6e9)")
    return cfg


def resolve_config(kwargs: dict[str, Any], env: bool | str = True) -> GaugeConfig:
    """Merge keyword arguments with ``WPROF`` (which wins). ``env``: True reads the variable, a string is parsed
    instead of it, False ignores it."""
    known = {f for f in GaugeConfig.__dataclass_fields__ if f != "sources"}
    unknown = set(kwargs) - known
    if unknown:
        raise UsageError(f"Gauge got unknown keyword argument(s) {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(sorted(known))}")
    text = os.environ.get(ENV_VAR, "") if env is True else (env or "")
    from_env = {k: v for k, v in (parse_wprof(text) if text else {}).items() if k not in _PROCESS_KEYS}
    if env is True and "loop_file" not in from_env and "loop_file" not in kwargs:
        legacy = env_setting("loop_file")  # WPROF_LOOP_FILE, from an older `wprof run`
        if legacy:
            from_env["loop_file"] = legacy
    merged = dict(kwargs)
    if ("warmup" in from_env or "iters" in from_env) and "window" not in from_env:
        merged.pop("window", None)  # the per-run override replaces a window given in code
    merged.update(from_env)
    if merged.get("window") is not None:
        w = merged["window"]
        try:
            merged["warmup"], merged["iters"] = int(w[0]), int(w[1]) - int(w[0])
        except (TypeError, ValueError, IndexError):
            raise UsageError(f"window={w!r} must be a pair (start, stop) of iteration indices") from None
    sources = {k: ("WPROF" if k in from_env else "kwarg") for k in merged}
    cfg = GaugeConfig(**merged, sources=sources)
    return _check(cfg)
