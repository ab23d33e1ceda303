"""``wprof run``: load the script, choose and rewrite its loop in memory, run it, finish the gauges, report.

The report goes to stderr (the script's stdout stays exactly its own). The exit code is the script's.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from . import runtime
from .choose import Choice, choose_in_project, explain
from .options import gauge_kwargs, parse_loop_target
from .rewrite import render_source, transform_tree, unified_diff
from .runner import Outcome, Script, execute, load_module, load_script

__all__ = ["run_script", "run_module", "prepare", "check_result_name"]


_QUIET = False  # a rank other than 0 under torchrun/SLURM: only rank 0 speaks (as the gauge does), unless --all-ranks


def _say(text: str) -> None:
    if _QUIET:
        return
    for line in text.splitlines():
        print(f"[wprof] {line}", file=sys.stderr)
    sys.stderr.flush()


def prepare(script: Script, args: argparse.Namespace) -> tuple[Choice, dict[str, Any]]:
    kwargs = gauge_kwargs(args)
    from ..loop.config import resolve_config

    cfg = resolve_config(kwargs)  # a bad WPROF token (or setting) is one error line now, not a traceback mid-script
    check_result_name(cfg.name, cfg.out_dir, "WPROF's --name" if cfg.sources.get("name") == "WPROF" else "--name")
    global _QUIET
    from ..loop.distributed import rank_world

    _QUIET = rank_world()[0] != 0 and not cfg.all_ranks  # RANK / SLURM_PROCID: the process group is not up yet
    if cfg.enabled and cfg.mode in ("events", "sync"):
        from .. import _optional
        from ..errors import DeviceUnavailableError

        if not _optional.cuda_available():
            raise DeviceUnavailableError(f"--mode {cfg.mode} needs CUDA, which torch does not see here; use "
                                         "--mode host (or leave --mode out: auto picks host timing without CUDA); "
                                         "WPROF may also set it")
    loop = parse_loop_target(getattr(args, "loop", None), script.filename if script.spec else script.display)
    package = script.spec.parent if script.spec is not None else None
    choice = choose_in_project(script.tree, script.source, script.filename, script.display if not script.spec else
                               script.filename, script.path0, package, loop, kwargs)
    runtime.set_layout(_layout(script, package))
    if "name" not in kwargs:
        base = os.path.splitext(os.path.basename(script.filename))[0]
        if base == "__main__" and script.spec is not None:
            base = script.spec.name.rsplit(".", 2)[-2]
        kwargs["name"] = base
    return choice, kwargs


def check_result_name(name: str | None, out_dir: str | None, flag: str = "--name") -> None:
    """A result name is a label inside the out-dir (``<out-dir>/<name>.json``; a ``/`` makes a subfolder of it).
    Refuse, in one line that says what to pass instead, a name that is an absolute path, one that climbs out of the
    out-dir with ``..``, or one that names a folder (``runs/``, ``.``): the files would land somewhere else than
    ``--out-dir`` says, or be called ``.json``."""
    import shlex

    from ..errors import UsageError

    from ..loop.config import name_problem

    problem = name_problem(name)  # None or '' (the default name, the script's) is fine
    if problem is None:
        return
    assert name
    base = out_dir or "wprof-results"
    target = os.path.normpath(os.path.join(base, name))
    norm = os.path.normpath(name)
    absolute = problem == "absolute"
    climbs = problem in ("absolute", "climbs")
    folder_only = os.path.basename(name) in ("", os.curdir, os.pardir)
    if climbs:
        folder, label = (target, "train") if folder_only else os.path.split(target)
        why = "is an absolute path" if absolute else f"climbs out of the out-dir ({base!r}) with '..'"
        raise UsageError(f"{flag} {name!r} {why}: a name is a label inside the out-dir, not a path. To write "
                         f"{os.path.join(folder, label)}.json, pass --out-dir {shlex.quote(folder or os.curdir)} "
                         f"--name {shlex.quote(label)} (leave --name out to name it after the script).")
    raise UsageError(f"{flag} {name!r} names a folder, not a result: give the file's name too, e.g. --name "
                     f"{shlex.quote(os.path.join('' if norm == os.curdir else norm, 'train'))} (writes "
                     f"{os.path.join(target, 'train')}.json).")


def _check_result_paths(kwargs: dict[str, Any]) -> None:
    """Refuse, before the script starts, an --out-dir/--name whose result files cannot be written (a device, a
    FIFO, a link, a file where a folder should be): the gauge would find out only after the run and lose it."""
    from ..loop.config import resolve_config
    from ..results import check_output_path

    cfg = resolve_config(kwargs)
    if not cfg.enabled:
        return
    base = os.path.join(cfg.out_dir or "wprof-results", cfg.name or kwargs.get("name") or "loop")
    for ext in (".json", ".jsonl"):
        check_output_path(base + ext, "result file (--out-dir/--name)")


def _layout(script: Script, package: str | None) -> Any:
    """The batch layout the script and its project modules show (sequence-first modules): see inject/layout.py."""
    from .layout import project_layout

    return project_layout(script.tree, script.filename, script.path0, package)


def _run(script: Script, args: list[str], ns: argparse.Namespace) -> int:
    choice, kwargs = prepare(script, ns)
    if choice.candidate.gauge:  # the script times this loop itself: a second gauge would time it twice
        _say(f"the loop at {choice.plan.site} already has a wprof.Gauge ({choice.candidate.gauge}): wprof run "
             "attaches none and runs the script as it is; its own gauge reports")
        if getattr(ns, "dry_run", False):
            return 0
        outcome = execute(script, compile(script.tree, script.filename, "exec", dont_inherit=True), args)
        if outcome.how == "interrupted" and getattr(ns, "_die_like_python", False):
            _die_of_sigint()
        return outcome.exit_code
    _say(explain(choice))
    where = choice.plan.filename if choice.module else script.filename
    if getattr(ns, "dry_run", False):
        new = render_source(choice.plan, choice.analysis.source, choice.analysis.tree)
        label = where + " (instrumented, as wprof inject writes it)"
        sys.stdout.write(unified_diff(choice.analysis.source, new, where, label))
        return 0
    _check_result_paths(kwargs)  # a result that cannot be written is said now, not after the whole run
    tree = transform_tree(choice.plan, choice.analysis.tree)
    importer = None
    if choice.module:  # the loop is in a module the script imports: that import loads the rewritten tree
        from .imports import RewriteImporter

        importer = RewriteImporter(where, compile(tree, where, "exec", dont_inherit=True))
        importer.install()
        kwargs["loop_file"] = os.path.relpath(where)  # the gauge's config: the next step instruments that file
        code = compile(script.tree, script.filename, "exec", dont_inherit=True)
    else:
        code = compile(tree, script.filename, "exec", dont_inherit=True)
    layout = runtime.layout()
    runtime.reset()
    runtime.configure(**kwargs)
    runtime.set_layout(layout)
    from ..loop.config import env_setting

    if env_setting("nvtx_phases"):  # WPROF="...;--nvtx-phases", set by `wprof nsys` / `wprof ncu`
        from .. import nvtx

        nvtx.annotate_phases()

    def on_exit(outcome: Outcome) -> None:
        if importer is not None:
            importer.remove()
            if importer.loaded is None:
                _say(f"the script never imported {choice.module} ({os.path.basename(where)}), whose loop was chosen")
        _report(choice, runtime.finish_all(exited_early=outcome.how != "returned", why=_why(outcome)), outcome,
                getattr(ns, "html", None))

    outcome = execute(script, code, args, on_exit=on_exit)
    if outcome.how == "interrupted" and getattr(ns, "_die_like_python", False):
        _die_of_sigint()
    return outcome.exit_code


def _why(outcome: Outcome) -> str | None:
    """How the script ended, for the result's reason (the same words as a Gauge's own exit path)."""
    if outcome.how == "interrupted":
        return "Ctrl-C: uncaught KeyboardInterrupt"
    if outcome.how == "exception" and outcome.exception is not None:
        return f"uncaught {type(outcome.exception).__name__}"
    if outcome.how == "sys.exit":
        return f"sys.exit({outcome.exit_code})"
    return None


def _die_of_sigint() -> None:
    """End the process as Python does after an uncaught KeyboardInterrupt: exit handlers, then die of SIGINT (so the
    parent sees the signal, e.g. a shell loop stops), not a plain exit code."""
    import atexit
    import signal

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    atexit._run_exitfuncs()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGINT)


def _report(choice: Choice, finished: list[tuple[runtime.Site, Any]], outcome: Outcome, html: str | None = None
            ) -> None:
    if not finished:
        _say(f"the loop at {choice.plan.site} never ran ({_how(outcome)}); no results were written")
        return
    for s, res in finished:
        if res is None:
            _say(f"{s.site_id}: no result ({_how(outcome)})")
            continue
        gbs = getattr(res, "global_batch_size", None)
        if gbs:
            src = s.gbs_source or "the gauge"
            shape = "of the batch" in src and "--gbs" not in src
            _say(f"global batch size {gbs} from {src}"
                 + ("; read from the batch's shape: if that dimension is not the samples, pass --gbs N" if shape
                    else ""))
        else:
            _say("global batch size unknown (no DataLoader batch_size, no batch with a first dimension): no fps; "
                 "pass --gbs N")
        tokens = getattr(res, "tokens_per_step", None)
        if tokens:
            src = (getattr(s.gauge, "config", None) and s.gauge.config.sources.get("tokens_per_step")) or "the batches"
            _say(f"tokens per step {tokens} from {src}: tokens/s beside samples/s")
        paths = getattr(res, "artifacts", {}) or {}
        where = paths.get("json") or paths.get("result")
        status = getattr(res, "status", "?")
        n = getattr(res, "n", 0)
        _say(f"{s.site_id}: {n} steps measured, status {status}" + (f"; results: {where}" if where else "")
             + (f" (the script {_how(outcome)})" if outcome.how != "returned" else ""))
    if html:
        _write_html([res for _, res in finished if res is not None], html)


def _write_html(results: list[Any], path: str) -> None:
    """``--html PATH``: the first loop's page at PATH, any further loop's beside it (PATH stem.2.html, ...); a rank
    other than 0 writes stem.rankN.html (rank 0's page shows every rank side by side)."""
    if _QUIET:
        return
    from ..errors import WprofError
    from ..report.html import write_html

    stem, ext = os.path.splitext(path)
    for k, res in enumerate(results):
        rank = getattr(res, "rank", 0)
        target = stem + (f".{k + 1}" if k else "") + (f".rank{rank}" if rank else "") + (ext or ".html")
        try:
            _say(f"report: {write_html(res, target)}")
        except WprofError as exc:  # the JSON result is written already; a failed page must not hide it
            _say(f"no HTML report: {exc}")


def _how(outcome: Outcome) -> str:
    return {"returned": "finished", "sys.exit": f"called sys.exit({outcome.exit_code})",
            "exception": f"raised {type(outcome.exception).__name__}", "interrupted": "was interrupted"}[outcome.how]


def run_script(path: str, args: list[str], ns: argparse.Namespace) -> int:
    """``wprof run -- path args``: exit code of the script."""
    return _run(load_script(path), args, ns)


def run_module(name: str, args: list[str], ns: argparse.Namespace) -> int:
    """``wprof run -m name args``: exit code of the module."""
    return _run(load_module(name), args, ns)
