'''WP116 periodic-work-in-step-time: a training loop's step time or throughput spans its periodic evaluation, checkpoint or sampling.

## What it does
In a loop, checks each interval between two host clock readings (`dt = t1 - t0`, `time.time() - start`) whose
figure is reported (printed, logged, written, handed to an MFU estimate, or appended to a list that is) for work
that is not a training step and runs only on some iterations: an evaluation (`estimate_loss()`, `evaluate(...)`,
`validate(...)`, `model.eval()`), a checkpoint save (`torch.save`,
`save_checkpoint`, `save_pretrained`, `.save_state`), sample generation (`generate(...)`), or a function of the
file that does one of these (also in the test of an `if`: `if maybe_evaluate_and_checkpoint(...):`), or, under a
periodic test only, a figure written to a file (Matplotlib's `savefig`, or a function of the file or of the project
whose body calls it: `if i % 100 == 0: plot_rewards(rewards, name)`), under a periodic condition (`if step % eval_interval == 0`, one of several joined by
`or`/`and`, a flag set from such a test, or a time-based test on a clock reading). The interval is followed through
the loop (the interval inside a running average's update, `(avg * n + time.time() - t) / (n + 1)`, included): from the end reading back to the last reset of the start clock, wrapping around to earlier iterations
when the reset comes later in the body (nanoGPT's `t0 = t1` at the end of the step, a window timer reset at the
log step) and out to the enclosing loops when the loop never resets it; a reset under a condition the reading
does not share (a warm-up step's `if step == 10: t0 = time.time()`, a restart in another periodic branch) may not
run in that iteration, so the walk goes on past it, leaving out the work that always runs before it. The periodic work is reported when it
lies on that path with no reset of the start clock after it (an assignment or adjustment of `t0` after the
evaluation silences it). A per-step interval is reported only when its figure is reported at an iteration that
runs the work: a log condition that excludes those iterations (`step % eval_every == 0` against
`step % log_every == 1`, `!= 0`, or the other branch of the same `if`) keeps it silent. An interval measured
since the start of the loop (never reset inside it) is reported only when it is turned into a rate: tokens,
samples or steps divided by it, or it divided by a count (not a total wall time, and not an ETA such as
`elapsed / done * (total - done)` or a value named `eta`/`remaining`, which should count everything); so is an
interval read after the loop has ended (`tokens / (time.time() - start)` once training is over), from a start
before the loop or inside it (a warm-up step's `t0 = time.time()`): it spans the loop's periodic work unless that
work always runs before a restart of the clock in its own iteration. An interval a helper reads (`time_passed(t0)`,
`token_speed(t0, n)`: a function of the file or of the project that returns the time since a parameter, or a rate
over it) is followed like one written in the loop. The
interval must hold a training step (a backward pass, an optimizer's `step()`, `apply_gradients`, a
`train_step`-like call, a TF1 `sess.run` whose fetches name a training op such as `model.opt_op` or `train_op`,
`update(batch)` of an object built with a learning rate such as `agent = algo.PPO(..., lr=args.lr)` (a keyword
`lr`, `learning_rate` or `*_lr`, also passed in a factory function of the file that returns the object, such as
`make_agent(...)`), or a function of the file that runs one): an interval that times only inference or the
evaluation itself is not this mistake. An interval read inside the periodic branch of the same iteration (the
clock stopped before the evaluation, `training_time += now - t0`, then restarted after it) is not either.

Work that no test of the loop marks as periodic counts too in two shapes: in an epoch loop (one whose training step
lies in a loop nested in it), an evaluation run at every epoch (a `with torch.no_grad():` block that loops over a
validation or test loader, a call of a function of the file that evaluates, putting a model in eval mode or looping
under `no_grad`, without training, or an evaluation-named call) or a checkpoint save at every epoch, spanned by a
per-epoch time (`t2 - t1` around the epoch, printed beside the epoch's losses; one labelled as the epoch's own
wall time is not, see the twentieth session below) or a throughput; and in any training loop,
a checkpoint manager's save handed the step (`checkpoint.save(step, force=...)`), which writes at the manager's
own interval.
Not every-epoch work: a `no_grad` loop of arithmetic alone (PPO's advantage recursion is part of the update), work
in a branch that leaves the loop (`if last_step: torch.save(...); break`), and a loop whose only nested loop with a
training step runs over the optimizers (`for opt in optimizers: opt.step()`: not an epoch loop); nor does a window
that restarts inside the epoch's step loop span the epoch's evaluation (set 85, 91 and 95 near misses, eighteenth
session).

Two shapes where the loop is a library's: a Lightning `Callback` whose window, kept in its attributes, starts in
one training batch's hook and is read in a later batch's (`self._t0` set on the first batch or at the log step;
the gap from the previous `on_train_batch_end`), with no hook outside the batch (`on_train_epoch_start`,
`on_validation_end`...) restarting or clearing it: a window that crosses an epoch end holds the validation loop and
the checkpoint save Lightning runs there; and an epoch's time from `on_train_epoch_start` to
`on_train_epoch_end`, which Lightning 2.x calls after the epoch-end validation loop and checkpoint save (silent when
a validation hook of the callback reads a clock). And a Hugging Face `Trainer`'s `train_runtime` (or
`train_samples_per_second`) read when every training arguments object of the file sets `eval_strategy` (or
`evaluation_strategy`) to `"epoch"` or `"steps"`: it is the wall time of the whole `train()` call, evaluation
included. Other timers kept in an object's attributes across methods (a metrics class's window, a Hugging Face
`TrainerCallback`) are not followed.

(Nineteenth session, sets 110-113) A log test whose modulus is the constant 1 (`log_interval = 1`) holds at every
iteration, so it meets the evaluation's iterations whatever the other test (`(it + 1) % accum == 0` with an
accumulation count that is no constant). A start clock copied from the end clock (`prev_t1 = t1`) starts where that
clock was last read in the loop body, not at the copy: an evaluation or save between the reading and the copy
lies in the next interval. A helper called in the loop (a function of the file or of the project, a method of a
class the receiver is built from, also in another module) that runs an evaluation, a save or sampling under a
test of its own schedule (a modulo, a clock, or a branch that rewrites the state its test reads: `if step -
self._last_eval > 10000: self._last_eval = step; self.eval_deterministic()`) is periodic work of the loop. A total
read after the loop and labelled as training time (`print(f"training using time {end - start}")`, `train_time`) is
reported like a rate: it counts the loop's evaluation as training (a run's duration, or a looser "training
took", stays silent).

(Twentieth session, sets 77-124) A loop whose training step is a call of a function that itself loops over
training steps (`train_one_epoch(model, loader, opt)`, `train_step(model, data_loader, ...)` of a course notebook,
`self.__train_epoch(...)` of the trainer's own class: a backward pass or an optimizer's `step()` in a loop of its
body, directly or one call deep) is an epoch loop too; since such a loop's per-epoch time is often printed as the
epoch's wall time, its every-epoch work is reported only when the interval is labelled as training time or divides
a count (`total_iters / total_duration`), not for an epoch's time nor an average epoch time. A private name reads
as its public one (`self.__validation(...)`, `_training_step(...)`). A helper that returns `end - start` of two of
its parameters, handed two clock readings by position or keyword (`print_train_time(start=t0, end=t1)`), is an
interval from the first to the second. Figures appended to a list (`train_times.append(time.time() - t0)`) or
added into a total (`total_duration += epoch_duration`) are reported where the list or total is read after the
loop (`average(train_times)`, `n / sum(train_times)`), and a rate computed after the loop from such a total is a
second finding there: the run's throughput divides by time that holds every iteration's evaluation. An evaluation
runner's rollout (`eval_runner.run()`, `evaluator.run()`) is evaluation, and baselines' `logger.logkv` reports a
figure.

(Twentieth session, reported, sets 125-132) An epoch window (the start clock restarted in the epoch loop, the
epoch's step loop between it and the reading) whose report labels the figure as the epoch's time (`'Time taken for
epoch {} is {} sec'`, `Epoch 3 completed in`) is reported only when it is labelled as training time or divides a
count: the evaluation and saves the epoch runs belong to its wall time (set 127; `rules/_epoch_figure.py`); an
unlabelled epoch time (`print(ep, t2 - t1, loss)`) stays reported. A periodic test that no iteration meets is no
periodic work: `global_step % 500 == 0` in a loop capped by `if MAX_STEPS and global_step >= MAX_STEPS: break` with
`MAX_STEPS = 30` (the counter incremented before the test, so it is 1..30 there), or `(it + 1) % 100 == 0` in `for it
in range(20)` (set 125; `rules/_never_due.py`). A cap or period the file does not write out as a constant keeps it.

(Twenty-first session, sets 77-136) A library's training call that runs evaluation inside it, timed by a host clock
read before and after it (`start = time.time(); trainer.train(); end = time.time()`): a Hugging Face `Trainer`'s
`train()` whose training arguments set `eval_strategy` (or `evaluation_strategy`) to `"steps"` or `"epoch"` (also as
a key of a dict literal handed in with `**`), a Lightning `Trainer`'s `fit` handed validation loaders (third
argument or `val_dataloaders=`), a Keras `fit` with `validation_data` (or a non-zero `validation_split`); reported
when the figure is a rate, labelled as training time, or the time of that call alone
(`rules/_fit_evaluates.py`). A total read after the loop whose name labels it as training time (`training_time =
end - start`, `train_seconds`) is a training time too, also where it is only returned to the caller (`return
{"train_seconds": train_seconds}`); a results file written by `write_json(path, log)` reports what it writes; and
`train_loop`/`test_loop` (the PyTorch tutorial's names) are a training and an evaluation call.

(Twenty-second session, setupinside, sets 77-156) A running elapsed time since the loop began, read in the periodic
branch after its evaluation and reported there (`if it % eval_interval == 0: losses = estimate_loss(); print(...,
timer() - start_time)`), is reported like a rate: the time printed at each evaluation as the training's progress
(quoted as the time of N training steps) holds that evaluation and every earlier one. Read before the evaluation
of its branch, it stays a total wall time.

(Twenty-second session, falseclass, sets 77-156) A time (not a rate) read after the loop from a clock started once
before it is the run's whole elapsed time, not a training time, when the file keeps another training clock that it
stops before the loop's periodic work and restarts after it in the same loop (`train_time += time.time() - t0`
before validating, `t0 = time.time()` after): the file leaves the evaluation out of its training time on purpose
(`rules/_paused_clock.py`).

(Twenty-third session, recallmix, sets 77-180) Two facts of how a figure reaches its report: any method of a
logger (an object bound to a logging name, `self.logger.store(SPS=...)`, `tb_writer.<anything>(...)`), and a call of a
callable the program binds to `logging`/`log`/`logger` itself (`logging = create_exp_dir(...)`; `logging(log_str)`),
records its arguments; and an accumulator handed the interval (`batch_time.update(time.time() - end)`, pytorch/examples'
`AverageMeter`; `recorder.record(dt)`; `throughput.update(tokens=n, dt=dt)`) carries it: a report that reads the object
(`batch_time=batch_time` in a format, `throughput.avg_toks_per_sec()`) reports the interval.

## Why is this bad?
The figure is read as the time of a training step (or tokens/s, samples/s, MFU), but at every evaluation or
checkpoint iteration the interval also holds the evaluation passes, the file write or the generation, which can
take seconds to minutes against milliseconds for a step. Those iterations print a step time hundreds of times too
large (and drag a running MFU average down), and a cumulative throughput counts all of that time as training:
comparisons between runs with different evaluation schedules, or against a benchmark, are off by the
evaluation's share of the run.

## Example
```python
t0 = time.time()
for it in range(max_iters):
    if it % eval_interval == 0:
        losses = estimate_loss()
        torch.save(model.state_dict(), "ckpt.pt")
    loss = train_step()
    t1 = time.time()
    dt, t0 = t1 - t0, t1
    if it % log_interval == 0:
        print(f"iter {it}: {dt * 1000:.1f} ms")
```

## Use instead
Restart the step clock after the periodic work (or time only the step):
```python
for it in range(max_iters):
    if it % eval_interval == 0:
        losses = estimate_loss()
        torch.save(model.state_dict(), "ckpt.pt")
    t0 = time.time()
    loss = train_step()
    torch.cuda.synchronize()
    dt = time.time() - t0
```
For a cumulative throughput, add up the training time alone (stop the clock around evaluation and saving).

## Fix safety
No automatic fix: where the clock should restart depends on what the figure is meant to include.
'''

from __future__ import annotations

import ast
import bisect
import math
import re

from .._context import Context, dotted
from .._walk import Scope, under
from ._copied_clocks import copied_resets
from ._epoch_calls import call_epoch_site, training_or_rate
from ._epoch_figure import epoch_window
from ._epoch_window import report_epoch_windows
from ._never_due import never_due
from ._every_epoch_work import every_iteration_sites
from ._fit_evaluates import fit_in_interval
from ._report_flow import figure_holder, logger_call
from ._scheduled_helpers import scheduled_work
from ._training_totals import training_label
from ._trainer_runtime import report_trainer_runtime

CODE = "WP116"
NAME = "periodic-work-in-step-time"
FIX = "none"

# non-step work a training loop runs now and then, by the last part of the called name
_EVAL = re.compile(r"^(estimate_loss|evaluat\w*|eval_\w+|\w+_eval|\w+_evaluat\w*|run_eval\w*|validate\w*|"
                   r"validation\w*|\w+_validation|\w+_validate|val_epoch|valid_epoch|val_step|test_loop|val_loop|"
                   r"compute_val\w*|test_epoch|eval_step|calc_val\w*|get_val_loss|val_loss|evaluate_loss)$")
_SAVE = re.compile(r"^(save_checkpoint\w*|save_ckpt\w*|save_model\w*|save_pretrained|save_state|save_weights|"
                   r"checkpoint_save|\w+_checkpoint|save)$")
_GEN = re.compile(r"^(generate\w*|sample_text|sample_sequence|generate_samples?)$")
_REPORT = frozenset({"print", "log", "info", "debug", "warning", "write", "add_scalar", "add_scalars",
                     "set_postfix", "set_description", "log_metrics", "log_dict", "set_postfix_str", "pprint",
                     "echo", "log_metric", "save_metrics", "writerow", "writerows", "track",
                     "logkv", "logkvs", "logkv_mean", "record_tabular"})  # (baselines' and rllab's loggers)
_WRITES = re.compile(r"^(write|dump)_?(json|results?|log|metrics|csv|yaml|summary)$")  # a results file: `write_json(p, log)`
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_TRAIN = re.compile(r"^(backward|apply_gradients|train_step|training_step|train_batch|train_on_batch|train_one_epoch|"
                    r"train_epoch|train_iter|train_one_step|run_train_step|optimizer_step|update_step|train|train_loop)$")
_TF_TRAIN_OP = re.compile(r"^(opt_op|train_op|train_step|optimizer|opt|optim|minimize|update_op|apply_grads?|"
                          r"\w+_train_op|train_\w+_op|\w+_opt_op)$")  # a TF1 `sess.run` fetch that updates weights
_FORECAST = re.compile(r"(^|_)(eta|remaining|left|finish|time_left|todo)($|_)", re.IGNORECASE)


def _last(call: ast.Call) -> str:
    f = call.func
    if isinstance(f, ast.Attribute):
        return f.attr
    return f.id if isinstance(f, ast.Name) else ""


def _work_kind(ctx: Context, call: ast.Call, depth: int = 0) -> str | None:
    """'evaluation', 'checkpoint save' or 'generation' when ``call`` is such work (by its name, or a function of the
    file whose body does it). A private name reads as its public one (``self.__validation(...)``)."""
    name = _last(call).lstrip("_")
    q = ctx.call_name(call) or ""
    if q == "torch.save":
        return "checkpoint save"
    if name == "eval" and isinstance(call.func, ast.Attribute) and not call.args and not call.keywords:
        if "optim" in ast.unparse(call.func.value).lower():
            return None  # a schedule-free optimizer's `.eval()`: its weights swapped for evaluation, no work
        return "evaluation"  # `model.eval()`
    if _EVAL.match(name):
        return "evaluation"
    if name in ("run", "rollout", "run_episodes") and isinstance(call.func, ast.Attribute) and \
            _EVAL.match((dotted(call.func.value) or "").rsplit(".", 1)[-1].lstrip("_")):
        return "evaluation"  # `eval_runner.run()`: an evaluation runner's rollout (baselines' PPO2)
    if _SAVE.match(name) and (name != "save" or q.startswith("torch.") or "model" in (dotted(call.func) or "")
                             or "ckpt" in (dotted(call.func) or "") or "checkpoint" in (dotted(call.func) or "")):
        return "checkpoint save"
    if _GEN.match(name):
        return "generation"
    if depth == 0 and isinstance(call.func, ast.Name) and call.func.id in ctx.functions:
        cache = ctx.__dict__.setdefault("_wp116_fn_work", {})
        if call.func.id not in cache:
            cache[call.func.id] = next((k for c in ctx.calls_in_function(ctx.functions[call.func.id])
                                        if (k := _work_kind(ctx, c, 1)) is not None), None)
        return cache[call.func.id]
    return None


def _trains(ctx: Context, call: ast.Call, depth: int = 0) -> bool:
    """``call`` is (or, through a function of the file, runs) a training step: a backward pass, an optimizer's step
    (``optimizer.step()``, ``scaler.step(opt)``), ``apply_gradients``, a ``train_step``-like function (a private
    name read as its public one: ``self.__train_epoch(...)``)."""
    name = _last(call).lstrip("_")
    if _TRAIN.match(name):
        return True
    if name == "step" and isinstance(call.func, ast.Attribute):
        recv = ast.unparse(call.func.value).lower()
        if "opt" in recv or "scaler" in recv or "solver" in recv:
            return True
    if name in ("update", "learn") and call.args and \
            isinstance(call.func, ast.Attribute) and _owns_lr(ctx, call.func.value):
        return True  # `agent.update(rollouts)` of `agent = algo.PPO(actor_critic, ..., lr=args.lr)`: an RL update
    if name == "run" and isinstance(call.func, ast.Attribute) and call.args:  # `sess.run([merged, model.opt_op,
        fetches = call.args[0]  # model.loss], feed_dict=fd)`: a TF1 session step that fetches the training op
        for n in ast.walk(fetches):
            if isinstance(n, (ast.Name, ast.Attribute)) and \
                    _TF_TRAIN_OP.match(n.attr if isinstance(n, ast.Attribute) else n.id):
                return True
    if depth < 2 and isinstance(call.func, ast.Name) and call.func.id in ctx.functions:
        cache = ctx.__dict__.setdefault("_wp116_fn_trains", {})
        key = (call.func.id, depth)
        if key not in cache:
            cache[key] = False  # recursion guard
            cache[key] = any(_trains(ctx, c, depth + 1) for c in ctx.calls_in_function(ctx.functions[call.func.id]))
        return cache[key]
    return False


def _owns_lr(ctx: Context, recv: ast.AST) -> bool:
    """``recv`` is a name bound to an object built with a learning rate (``algo.PPO(..., lr=args.lr)``): it owns
    an optimizer, and its ``update(batch)`` is a training step."""
    name = dotted(recv)
    return bool(name) and any(isinstance(v, ast.Call) and _builds_with_lr(ctx, v)
                              for v in ctx.assigns.get(name, []))  # type: ignore[arg-type]


def _lr_keyword(call: ast.Call) -> bool:
    return any(k.arg and (k.arg in ("lr", "learning_rate") or k.arg.endswith("_lr")) for k in call.keywords)


def _builds_with_lr(ctx: Context, call: ast.Call) -> bool:
    """``call`` builds an object with a learning rate: ``PPO(..., lr=...)``, ``SacAgent(actor_lr=...)``, or a
    factory function of the file that returns such a call (``make_agent(...)``)."""
    if _lr_keyword(call):
        return True
    if isinstance(call.func, ast.Name) and call.func.id in ctx.functions:
        return any(isinstance(r, ast.Return) and isinstance(r.value, ast.Call) and _lr_keyword(r.value)
                   for r in ast.walk(ctx.functions[call.func.id]))
    return False


def _train_sites(ctx: Context, scope: Scope) -> list[int]:
    cache = ctx.__dict__.setdefault("_wp116_train", {})
    if id(scope) not in cache:
        cache[id(scope)] = [st._wp_idx for st in scope.stmts if st._wp_loops and not isinstance(  # type: ignore
            st, (ast.If, *_LOOPS, ast.With, ast.Try)) and any(isinstance(n, ast.Call) and _trains(ctx, n)
                                                                 for n in st._wp_nodes)]  # type: ignore[attr-defined]
    return cache[id(scope)]


def _reports(ctx: Context, call: ast.Call, depth: int = 0) -> bool:
    """A call that shows or records its arguments: ``print``, a logger's or tracker's method, a writer's
    ``write``/``add_scalar``, a ``*print*`` helper, or a function of the file that does one of these."""
    name = _last(call)
    if name in _REPORT or "print" in name.lower() or _WRITES.match(name) or logger_call(call):
        return True
    if depth == 0 and isinstance(call.func, ast.Name) and call.func.id in ctx.functions:
        cache = ctx.__dict__.setdefault("_wp116_fn_reports", {})
        if call.func.id not in cache:
            cache[call.func.id] = any(_reports(ctx, c, 1)
                                      for c in ctx.calls_in_function(ctx.functions[call.func.id]))
        return cache[call.func.id]
    return False


def _mods(test: ast.AST) -> bool:
    return any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) and not isinstance(n.left, (ast.Constant,
               ast.JoinedStr)) for n in ast.walk(test))


def _periodic(ctx: Context, test: ast.AST, scope: Scope) -> bool:
    """A test true on some iterations only: a modulo (``step % every == 0``), a flag assigned from one, or a
    time-based test on a clock reading (``time.time() - last_save > interval``)."""
    if _mods(test):
        return True
    for n in ast.walk(test):
        if isinstance(n, ast.Call) and ctx.is_clock(n):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ctx.functions:
            fn = ctx.functions[n.func.id]  # `if is_due(step, every):` with `return step % every == 0`
            if any(isinstance(r, ast.Return) and r.value is not None and _mods(r.value) for r in ast.walk(fn)):
                return True
        if isinstance(n, ast.Name):
            vals = ctx.assigns.get(n.id, [])
            if vals and any(_mods(v) for v in vals if isinstance(v, (ast.Compare, ast.BoolOp, ast.UnaryOp))):
                return True
    return False


def _ends_branch(body: list[ast.stmt]) -> bool:
    """The branch always leaves the iteration (``continue``, ``break``, ``return`` among its own statements)."""
    return any(isinstance(s, (ast.Continue, ast.Break, ast.Return, ast.Raise)) for s in body)


def _guards(stmt: ast.stmt, loop: ast.stmt | None) -> list[tuple[ast.If, bool]]:
    """The ``if`` statements between ``stmt`` and ``loop`` (None: its function): (the if, True when in its body /
    False in orelse), innermost first."""
    out = []
    child: ast.AST = stmt
    node = getattr(stmt, "_wp_parent", None)
    while node is not None and node is not loop and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                           ast.Module, ast.ClassDef)):
        if isinstance(node, ast.If):
            out.append((node, child in node.body))
        child = node
        node = getattr(node, "_wp_parent", None)
    return out


def _work_sites(ctx: Context, scope: Scope) -> list[tuple[int, ast.stmt, ast.If, str, str]]:
    """(statement index, statement, the periodic if that guards it, kind, call text) of periodic non-step work."""
    cache = ctx.__dict__.setdefault("_wp116_sites", {})
    if id(scope) in cache:
        return cache[id(scope)]
    out = []
    for st in scope.stmts:
        if not st._wp_loops or isinstance(st, (*_LOOPS, ast.With, ast.Try)):  # type: ignore[attr-defined]
            continue
        for n in st._wp_nodes:  # type: ignore[attr-defined]  # (an `if`'s own nodes are its test: `if
            if not isinstance(n, ast.Call):  # maybe_evaluate_and_checkpoint(...):` runs the work there)
                continue
            kind = _work_kind(ctx, n)
            if kind is None:
                from ._figure_work import figure_kind

                kind = figure_kind(ctx, n)  # a plot saved every N steps: only under a periodic test (below)
            guard = None
            for g, in_body in _guards(st, None):
                if kind is not None and in_body and _periodic(ctx, g.test, scope):
                    guard = g
                    break
            what = ctx.text(n.func) + ("()" if not n.args and not n.keywords else "(...)")
            if guard is None:  # a helper that runs the work on its own schedule (`stats.plot_gap(writer, step)`
                own = scheduled_work(ctx, n, _work_kind, lambda c, t: _periodic(c, t, None))  # evaluating
                if own is not None and not _leaves(st):  # every 10000 steps inside)
                    out.append((st._wp_idx, st, None, f"{own} run on its own schedule by", what))  # type: ignore
                    break
                continue
            if _ends_branch(guard.body) or never_due(ctx, guard.test, st):
                continue  # (`if global_step % 500 == 0` in a loop capped at 30 steps: never runs)
            out.append((st._wp_idx, st, guard, kind, what))  # type: ignore[attr-defined]
            break
    out += every_iteration_sites(ctx, scope, _train_sites(ctx, scope), _work_kind, {s[0] for s in out})
    out.sort(key=lambda s: s[0])
    cache[id(scope)] = out
    return out


def _leaves(st: ast.stmt) -> bool:
    """``st`` sits in a branch that ends by leaving the iteration (``if last: final_eval(); break``)."""
    return any(_ends_branch(g.body if b else g.orelse) for g, b in _guards(st, None))


def _targets(st: ast.stmt) -> list[str]:
    if isinstance(st, ast.Assign):
        ts = st.targets
    elif isinstance(st, (ast.AugAssign, ast.AnnAssign)):
        ts = [st.target]
    elif isinstance(st, (ast.For, ast.AsyncFor)):
        ts = [st.target]
    elif isinstance(st, ast.With):
        ts = [i.optional_vars for i in st.items if i.optional_vars is not None]
    else:
        return []
    out = []
    for t in ts:
        for e in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]):
            d = dotted(e)
            if d:
                out.append(d)
    return out


def _clock_value(ctx: Context, v: ast.AST | None, clock_names: set[str]) -> bool:
    if v is None:
        return False
    if isinstance(v, ast.BinOp) and isinstance(v.op, (ast.Mult, ast.Div)):
        return _clock_value(ctx, v.left, clock_names) or _clock_value(ctx, v.right, clock_names)
    return ctx.is_clock(v) or dotted(v) in clock_names


def _reading(left: ast.AST) -> ast.AST:
    """The end reading of ``left - t0``: ``left`` itself, or the last term of a sum, as Python parses a running
    average's update ``(avg * n + time.time() - t0) / (n + 1)``: ``(avg * n + time.time()) - t0``."""
    while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Add):
        left = left.right
    return left


def _clock_names(ctx: Context) -> set[str]:
    names = {k for k, vs in ctx.assigns.items() if any(_clock_value(ctx, v, set()) for v in vs)}
    for _ in range(2):  # `t0 = t1` where `t1 = time.time()`
        names |= {k for k, vs in ctx.assigns.items() if any(dotted(v) in names for v in vs)}
    return names


def _mod_facts(test: ast.AST, positive: bool) -> list[tuple[str, str, int, bool]]:
    """(counter text, modulus text, residue, equal?) facts a test gives when it holds (``positive``) or fails."""
    out = []
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) and positive:
        for v in test.values:
            out += _mod_facts(v, True)
        return out
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _mod_facts(test.operand, not positive)
    if isinstance(test, ast.BinOp) and isinstance(test.op, ast.Mod):  # `if not step % every:`
        test = ast.Compare(left=test, ops=[ast.NotEq()], comparators=[ast.Constant(0)])
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.BinOp) and \
            isinstance(test.left.op, ast.Mod) and isinstance(test.comparators[0], ast.Constant) and \
            type(test.comparators[0].value) is int and isinstance(test.ops[0], (ast.Eq, ast.NotEq)):
        counter, offset = test.left.left, 0
        if isinstance(counter, ast.BinOp) and isinstance(counter.op, (ast.Add, ast.Sub)) and \
                isinstance(counter.right, ast.Constant) and type(counter.right.value) is int:
            offset = counter.right.value if isinstance(counter.op, ast.Add) else -counter.right.value
            counter = counter.left
        eq = isinstance(test.ops[0], ast.Eq) == positive
        out.append((ast.unparse(counter), ast.unparse(test.left.right), test.comparators[0].value - offset, eq))
    return out


def _int_const(ctx: Context, text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        pass
    vals = ctx.assigns.get(text, [])
    if len(vals) == 1 and isinstance(vals[0], ast.Constant) and type(vals[0].value) is int and vals[0].value > 0:
        return vals[0].value
    return None


def _disjoint(ctx: Context, work: ast.stmt, report: ast.stmt, loop: ast.stmt) -> bool:
    """The work's iterations and the report's iterations never meet (as far as the tests show)."""
    wg, rg = _guards(work, loop), _guards(report, loop)
    rmap = {id(g): b for g, b in rg}
    if any(id(g) in rmap and rmap[id(g)] != b for g, b in wg):
        return True  # the two branches of one `if`
    wf = [f for g, b in wg for f in _mod_facts(g.test, b)]
    rf = [f for g, b in rg if id(g) not in {id(x) for x, _ in wg} for f in _mod_facts(g.test, b)]
    for c1, m1, r1, e1 in wf:
        for c2, m2, r2, e2 in rf:
            if c1 != c2:
                continue
            if m1 == m2 and e1 != e2 and r1 == r2:
                return True  # `step % n == 0` against `step % n != 0`
            if not (e1 and e2):
                continue
            n1, n2 = _int_const(ctx, m1), _int_const(ctx, m2)
            if n1 == 1 or n2 == 1:
                continue  # `log_interval = 1`: that test holds at every iteration
            if n1 is not None and n2 is not None:
                if (r1 - r2) % math.gcd(n1, n2):
                    return True
            elif m1 == m2 and r1 != r2:
                return True
            elif r1 != r2:
                return True  # moduli unknown, residues differ: usually never together; stay silent
    return False


def _scope_index(ctx: Context, scope: Scope, name: str) -> list[int]:
    cache = ctx.__dict__.setdefault("_wp116_assign", {})
    key = id(scope)
    if key not in cache:
        table: dict[str, list[int]] = {}
        for st in scope.stmts:
            for t in _targets(st):
                table.setdefault(t, []).append(st._wp_idx)  # type: ignore[attr-defined]
        cache[key] = table
    return cache[key].get(name, [])


def _loop_end(loop: ast.stmt) -> int:
    return loop._wp_end  # type: ignore[attr-defined]


def _span_work(resets: list[int], sites: list[int], end: int, loops: tuple[ast.stmt, ...], scope: Scope | None = None
               ) -> tuple[list[tuple[int, bool]], bool]:
    """Walk back from statement ``end`` through the enclosing loops (innermost first) to the last reset of the start
    clock, wrapping around each loop whose body holds no reset before the point: the work sites on that path,
    each with True when it runs in the same iteration of the innermost loop before the end reading. Also whether
    the interval never resets inside the innermost loop (a cumulative one)."""
    found: list[tuple[int, bool]] = []
    inner = loops[-1]
    if scope is not None:  # a reset in the innermost loop under a condition the end reading does not share (a
        # warm-up step's `if step == 10: t0 = time()`, a restart in another periodic branch) may not run in the
        # iteration: the walk goes on past it, leaving out the work that always runs before it in its own iteration
        ends = _same_tests(scope.stmts[end], inner)
        passed = [r for r in resets if inner._wp_idx < r <= _loop_end(inner) and  # type: ignore[attr-defined]
                  not _same_tests(scope.stmts[int(r)], inner) <= ends]
        if passed:
            resets = [r for r in resets if r not in passed]
            conds = {r: _same_tests(scope.stmts[int(r)], inner) for r in passed}
            sites = [st for st in sites if not any(
                st < r and (st > end or r < end) and conds[r] <= _same_tests(scope.stmts[st], inner)
                for r in passed)]

    def between(lo: int, hi: int) -> list[int]:  # sites with lo < idx < hi
        return sites[bisect.bisect_right(sites, lo):bisect.bisect_left(sites, hi)]

    def last_reset(lo: int, hi: int) -> int | None:
        k = bisect.bisect_left(resets, hi)
        return resets[k - 1] if k and resets[k - 1] > lo else None

    point = end
    for depth, loop in enumerate(reversed(loops)):
        lo, hi = loop._wp_idx, _loop_end(loop)  # type: ignore[attr-defined]
        r = last_reset(lo, point)
        if r is not None:
            found += [(s, depth == 0) for s in between(r, point)]
            return (found, False) if depth == 0 else ([(i, False) for i, _ in found], True)
        found += [(s, depth == 0) for s in between(lo, point)]
        r = last_reset(point, hi + 1)
        if r is not None:  # reset later in the body: the interval began in an earlier iteration
            found += [(s, False) for s in between(r, hi + 1)]
            return (found, False) if depth == 0 else ([(i, False) for i, _ in found], True)
        found += [(s, False) for s in between(point, hi + 1)]
        point = lo
    return [(i, False) for i, _ in found], True  # never reset in the innermost loop: every earlier iteration


def _conditions(st: ast.stmt, loop: ast.stmt) -> set[tuple[int, bool]]:
    """What must hold for ``st`` to run in an iteration of ``loop``: the ``if`` branches (and inner loops) between
    them."""
    out = {(id(g), b) for g, b in _guards(st, loop)}
    return out | {(id(inner), True) for inner in st._wp_loops if inner is not loop and  # type: ignore[attr-defined]
                  under(inner, loop)}


def _same_tests(st: ast.stmt, loop: ast.stmt) -> set[tuple]:
    """``_conditions`` with ``if`` tests compared by their text: two ``if rank == 0:`` blocks of one iteration hold
    together."""
    return {(ast.unparse(g.test), b) for g, b in _guards(st, loop)} | \
        {(id(inner), True) for inner in st._wp_loops if inner is not loop and  # type: ignore[attr-defined]
         under(inner, loop)}


def _span_after(scope: Scope, resets: list[int], sites: list[int], end: int) -> list[int] | None:
    """The sites an interval read at statement ``end``, outside every loop, spans: those between the last reset of
    its start clock and ``end`` and, when that reset lies in a loop, the sites of the loop's later iterations: every
    site of the loop that does not always run before a reset in its own iteration (one under the reset's own
    conditions: ``if step % n == 0: evaluate(); t0 = time.time()``). None when the start clock has no reset before
    ``end`` in the scope."""
    k = bisect.bisect_left(resets, end)
    if not k:
        return None
    r = resets[k - 1]
    spanned = [s for s in sites if r < s < end]
    rst = scope.stmts[r]
    if rst._wp_loops:  # type: ignore[attr-defined]
        loop = rst._wp_loops[0]  # type: ignore[attr-defined]  # the outermost: the end reading lies after it
        rc = _conditions(rst, loop)
        spanned += [s for s in sites if loop._wp_idx < s < r and  # type: ignore[attr-defined]
                    not rc <= _conditions(scope.stmts[s], loop)]
    return spanned



def _forecast(n: ast.AST) -> bool:
    """``n`` feeds a value labelled as a forecast (an ETA, the time remaining): a dict entry, keyword or
    assignment whose name says so."""
    child, p = n, getattr(n, "_wp_parent", None)
    while p is not None and not isinstance(p, ast.stmt):
        if isinstance(p, ast.Dict):
            for k, v in zip(p.keys, p.values):
                if v is child and isinstance(k, ast.Constant) and isinstance(k.value, str):
                    return bool(_FORECAST.search(k.value))
            return False
        if isinstance(p, ast.keyword):
            return bool(p.arg and _FORECAST.search(p.arg))
        child, p = p, getattr(p, "_wp_parent", None)
    if isinstance(p, (ast.Assign, ast.AnnAssign)):
        return any(_FORECAST.search(t.rsplit(".", 1)[-1]) for t in _targets(p))
    return False


def _reporting(ctx: Context, scope: Scope, sub: ast.AST, loop: ast.stmt | None, is_rate: bool = False,
               returns: bool = False) -> list[tuple[ast.stmt, bool]]:
    """Statements that report the interval's figure (a print, log or write call using it, or a value derived from
    it) in the rest of ``loop`` (None: of the scope), each with whether the figure there is a rate (a count over the
    interval, or the interval over a count)."""
    tainted: dict[str, bool] = {}
    out: list[tuple[ast.stmt, bool]] = []
    start = sub._wp_stmt  # type: ignore[attr-defined]

    def rate_of(expr: ast.AST, names: dict[str, bool]) -> bool | None:
        """None: ``expr`` does not use the figure; else whether it is a rate."""
        uses, rate = False, False
        for n in ast.walk(expr):
            hit = n is sub or (isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) in names)
            if not hit or _forecast(n):
                continue  # `"remaining_time": elapsed / done * left`: an ETA, which should count everything
            p = getattr(n, "_wp_parent", None)
            while isinstance(p, (ast.BinOp, ast.Call)) and not (isinstance(p, ast.BinOp) and
                                                                 isinstance(p.op, ast.Div)):
                if isinstance(p, ast.Call) and _last(p) not in ("max", "min", "float", "round", "abs"):
                    break
                p = getattr(p, "_wp_parent", None)
            divided = isinstance(p, ast.BinOp) and isinstance(p.op, ast.Div) and \
                not isinstance(p.left, ast.Constant) and not isinstance(p.right, ast.Constant)
            if divided:
                q = getattr(p, "_wp_parent", None)
                if under(n, p.left) and isinstance(q, ast.BinOp) and isinstance(q.op, ast.Mult) and \
                        not isinstance(q.right if q.left is p else q.left, ast.Constant):
                    continue  # `elapsed / done * (total - done)`: time per step times steps left, an ETA
            uses = True
            rate = rate or divided or names.get(dotted(n) or "", False) or (n is sub and is_rate)  # `tokens / dt`, `elapsed / steps`
            # (not `dt / 1000`, `1 / dt`)
        return rate if uses else None

    last = len(scope.stmts) - 1 if loop is None else loop._wp_end  # type: ignore[attr-defined]
    stmts = scope.stmts[start._wp_idx:last + 1]  # type: ignore[attr-defined]  # the loop's (or scope's) rest
    appended: set[str] = set()

    def taint(stmts: list[ast.stmt], tainted: dict[str, bool]) -> None:
        for _ in range(2):  # names derived from the interval (a fixpoint over two passes is enough here)
            for st in stmts:
                if isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and st.value is not None:
                    r = rate_of(st.value, tainted)
                    if r is not None and isinstance(st, ast.AugAssign) and isinstance(st.op, ast.Add) and \
                            dotted(st.target):
                        appended.add(dotted(st.target))  # type: ignore[arg-type]  # `total_duration += dt`
                    if r is not None:
                        for t in _targets(st):
                            if _FORECAST.search(t.rsplit(".", 1)[-1]):
                                continue  # an ETA: a forecast that should count everything, not a reported speed
                            tainted[t] = tainted.get(t, False) or r or ("per_sec" in t or "throughput" in t or
                                                                        "mfu" in t.lower() or "per_s" in t)
                elif (held := figure_holder(st)) is not None:
                    obj, listed = held
                    r = rate_of(st.value, tainted)  # type: ignore[attr-defined]
                    if r is not None and listed:  # `train_times.append(time.time() - t0)`: read after the loop too
                        tainted[obj] = r
                        appended.add(obj)
                    elif r is not None:  # `batch_time.update(time.time() - end)`: the meter now holds the figure
                        tainted[obj] = tainted.get(obj, False) or r or "throughput" in obj

    def scan(stmts: list[ast.stmt], tainted: dict[str, bool]) -> None:
        for st in stmts:
            if returns and isinstance(st, ast.Return) and st.value is not None:  # handed to the caller as the
                r = rate_of(st.value, tainted)  # function's result (`return {"train_seconds": train_seconds}`)
                if r is not None:
                    out.append((st, r))
                    continue
            for n in st._wp_nodes:  # type: ignore[attr-defined]
                if isinstance(n, ast.Call) and _reports(ctx, n):
                    r = rate_of(n, tainted)
                    if r is not None:
                        out.append((st, r))
                        break

    taint(stmts, tainted)
    scan(stmts, tainted)
    if loop is not None and appended:  # a list of the loop's figures (`train_times.append(time.time() - t0)`)
        after = scope.stmts[last + 1:]  # reported after the loop: `average(train_times)`, `n / sum(train_times)`
        listed = {k: tainted[k] for k in appended}
        taint(after, listed)
        scan(after, listed)
    return out


def _call_arg(call: ast.Call, params: list[str], name: str) -> ast.AST | None:
    """The argument ``call`` passes for the parameter ``name`` (by position or by keyword)."""
    k = params.index(name)
    if k < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:k + 1]):
        return call.args[k]
    return next((kw.value for kw in call.keywords if kw.arg == name), None)


def _helper_interval(ctx: Context, call: ast.Call) -> tuple[ast.AST, bool, ast.AST | None] | None:
    """(the start argument, whether the result is a rate, the end argument or None when the helper reads the clock
    itself) when ``call`` calls a helper of the file or of the project that returns the time since one of its
    parameters (``def time_passed(since): return time.time() - since``, ``def token_speed(since, n): dt =
    time.time() - since; return n / dt``) or between two of them (``def print_train_time(start, end): total =
    end - start; print(...); return total``, called with two clock readings, by position or keyword)."""
    found = ctx.callee_def(call)
    if found is None:
        return None
    hctx, fn = found
    cache = ctx.__dict__.setdefault("_wp116_helpers", {})
    params = [a.arg for a in fn.args.args]  # type: ignore[union-attr]
    if id(fn) not in cache:
        cache[id(fn)] = None
        clocks = {t.id for st in ast.walk(fn) if isinstance(st, ast.Assign) and hctx.is_clock(st.value)
                  for t in st.targets if isinstance(t, ast.Name)}
        for n in ast.walk(fn):
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and isinstance(n.right, ast.Name) and \
                    n.right.id in params and (hctx.is_clock(n.left) or isinstance(n.left, ast.Name) and
                                              (n.left.id in clocks or n.left.id in params)):
                p = getattr(n, "_wp_parent", None)
                dts = {t.id for t in getattr(p, "targets", []) if isinstance(t, ast.Name)}
                rate = any(isinstance(m, ast.BinOp) and isinstance(m.op, ast.Div) and
                           (m.right is n or isinstance(m.right, ast.Name) and m.right.id in dts) for m in ast.walk(fn))
                end = n.left.id if isinstance(n.left, ast.Name) and n.left.id in params else None
                cache[id(fn)] = (n.right.id, rate, end)
                break
    got = cache[id(fn)]
    if got is None:
        return None
    start = _call_arg(call, params, got[0])
    end = _call_arg(call, params, got[2]) if got[2] is not None else None
    if start is None or got[2] is not None and end is None:
        return None
    return start, got[1], end


def _intervals(ctx: Context, clocks: set[str]):
    """(node, end reading or None when a helper reads it, start, whether the node is itself a rate) of the
    intervals of the file: subtractions, and calls of a helper that returns the time since a clock passed to it
    (or between two clocks passed to it: the end reading is then the end clock handed in)."""
    for sub in ctx.subtractions:
        yield sub, _reading(sub.left), sub.right, False
    for call in ctx.calls:
        if any(dotted(a) in clocks for a in [*call.args, *(k.value for k in call.keywords)]) and \
                getattr(call, "_wp_stmt", None) is not None:
            got = _helper_interval(ctx, call)
            if got is not None and (got[2] is None or dotted(got[2]) in clocks):
                yield call, got[2], got[0], got[1]


def check(ctx: Context) -> None:
    if ctx.imports_any("transformers", "trl"):
        report_trainer_runtime(ctx)
    if not ctx.subtractions and not ctx.calls:
        return
    if ctx.subtractions and ctx.classes and ctx.imports_any("lightning", "pytorch_lightning"):
        report_epoch_windows(ctx)
    clocks = _clock_names(ctx)
    if not clocks:
        return
    seen: set[tuple] = set()  # one finding per start clock, loop and periodic work (`print(n / (now - t))` and
    # `log(n / (now - t))` of one interval are one mistake)
    for sub, reading, right, is_rate in _intervals(ctx, clocks):
        stmt = getattr(sub, "_wp_stmt", None)
        if stmt is None:
            continue
        if not ((reading is None or _clock_value(ctx, reading, clocks)) and dotted(right) in clocks):
            continue
        p = getattr(sub, "_wp_parent", None)
        if isinstance(p, ast.BinOp) and isinstance(p.op, ast.Sub) and p.left is sub:
            continue  # `now - start - eval_time`: time taken out of it
        scope = stmt._wp_scope  # type: ignore[attr-defined]
        if _report_fit(ctx, scope, sub, right, is_rate, stmt, seen):
            continue  # a library's training call that evaluates inside it (`_fit_evaluates`)
        sites = _work_sites(ctx, scope)
        if not sites:
            continue
        if not stmt._wp_loops:  # type: ignore[attr-defined]
            _check_after(ctx, scope, sub, reading, right, is_rate, stmt, sites, clocks, seen)
            continue
        loops = stmt._wp_loops  # type: ignore[attr-defined]
        resets = copied_resets(ctx, scope, _scope_index(ctx, scope, dotted(right)),  # type: ignore[arg-type]
                               clocks, _scope_index)  # `prev_t1 = t1`: the interval starts where t1 was read
        end = stmt._wp_idx  # type: ignore[attr-defined]
        left = dotted(reading) if reading is not None else None
        if left and left in clocks:  # `t1 = time.time()` earlier in the loop: the end reading is there
            ends = [i for i in _scope_index(ctx, scope, left) if loops[-1]._wp_idx < i <= end]
            if ends:
                end = ends[-1]
        egs = {id(g) for g, b in _guards(stmt, None) if b}
        by_idx = {s[0]: s for s in sites}
        found, cumulative = _span_work(resets, sorted(by_idx), end, loops, scope)
        found = [(i, same) for i, same in found if not (same and id(by_idx[i][2]) in egs)]  # the interval read
        # inside that iteration's periodic branch: the clock stopped for it (`training_time += now - t0` before the
        # evaluation) or the evaluation itself timed
        if not found or not _span_work(resets, _train_sites(ctx, scope), end, loops, scope)[0]:
            continue  # no training step in the interval: it times something else (the evaluation itself)
        reports = _reporting(ctx, scope, sub, loops[0], is_rate)
        if not reports:
            continue
        hit = None
        for idx, same in found:
            _, wst, guard, kind, what = by_idx[idx]
            if guard is None and _restarted_within(scope, resets, wst):
                continue  # every-epoch work, but the clock restarts inside the epoch's own step loop
            if cumulative and not any(r for _, r in reports) and \
                    not (guard is not None and id(guard) in egs and wst._wp_idx < stmt._wp_idx):  # type: ignore
                continue  # a total wall time, not a rate; but a running elapsed read in the periodic branch right
                # after its evaluation (`if step % k == 0: estimate_loss(); print(..., now - start)`) is shown at
                # every evaluation as the time the training steps took so far, and holds every evaluation
            if (call_epoch_site(ctx, wst) or epoch_window(scope, stmt, resets, reports)) and \
                    not training_or_rate(scope, sub, training_label):
                continue  # an epoch's wall time around a called epoch's training and evaluation, or one
                # labelled as the epoch's time ("Time taken for epoch"): its evaluation and saves belong to it
            if same and cumulative is False:
                ok = [r for r, _ in reports if loops[-1]._wp_idx < r._wp_idx <= _loop_end(loops[-1]) and
                      not _disjoint(ctx, wst, r, loops[-1])]
                ok += [r for r, _ in reports if r._wp_idx > _loop_end(loops[-1])]  # an enclosing loop's report
                if not ok:
                    continue
            hit = (wst, kind, what)
            break
        if hit is None:
            continue
        wst, kind, what = hit
        periodic = "periodic " if by_idx[wst._wp_idx][2] is not None else ""  # type: ignore[attr-defined]
        key = (id(scope), dotted(right), id(loops[-1]), id(wst))
        if key in seen:
            continue
        seen.add(key)
        figure = ("interval" if not cumulative else "throughput since the loop began" if any(r for _, r in reports)
                  else "elapsed time since the loop began")
        if reading is None:  # a helper reads the clock: `token_speed(t0, n)`
            shown = f"since `{ctx.text(right)}` (read in `{ctx.text(sub)}`)"
        else:
            shown = "`" + (ctx.text(sub) if reading is sub.left else  # type: ignore[attr-defined]
                           f"{ctx.text(reading)} - {ctx.text(right)}") + "`"  # the interval inside a running average
        ctx.report(sub, f"The reported {figure} {shown} includes the {periodic}{kind} `{what}` "
                        f"(line {wst.lineno}): the step clock is not restarted after it, so the step time or "
                        f"throughput at those iterations counts it as training",
                   "Restart the clock after the periodic work (or time the step alone)")
        if not cumulative:  # the loop's intervals summed and divided into a rate after it (`total_iters /
            _report_summed(ctx, reports, loops[0], wst, kind, what, seen)  # total_duration`): a second figure


def _report_summed(ctx: Context, reports: list, loop: ast.stmt, wst: ast.stmt, kind: str, what: str,
                   seen: set[tuple]) -> None:
    """A rate reported after ``loop`` from a sum (or a list) of its per-iteration intervals: the run's average
    throughput divides by time that holds the work ``wst`` of every such iteration."""
    after = [st for st, rate in reports if rate and st._wp_idx > loop._wp_end]  # type: ignore[attr-defined]
    if not after or ("summed", id(after[0])) in seen:
        return
    seen.add(("summed", id(after[0])))
    ctx.report(after[0], f"The throughput reported after the loop divides by the sum of the loop's intervals, each of "
                         f"which includes the {kind} `{what}` (line {wst.lineno}): the run's training speed counts "
                         f"it as training",
               "Add up the training time alone (stop the clock around the evaluation and saving)")


def _restarted_within(scope: Scope, resets: list[int], wst: ast.stmt) -> bool:
    """The clock is restarted inside a loop nested in the loop of ``wst`` (``start = time.time()`` in the step loop
    of an epoch): a window read after that loop starts after the epoch's earlier work."""
    outer = wst._wp_loops[-1] if wst._wp_loops else None  # type: ignore[attr-defined]
    for i in resets:
        loops = scope.stmts[int(i)]._wp_loops  # type: ignore[attr-defined]
        if outer is not None and outer in loops and loops[-1] is not outer:
            return True
    return False


def _check_after(ctx: Context, scope: Scope, sub: ast.AST, reading: ast.AST | None, right: ast.AST, is_rate: bool,
                 stmt: ast.stmt, sites: list, clocks: set[str], seen: set[tuple]) -> None:
    """An interval read after the training loop (``tokens / (time.time() - start)`` once it ends): reported when it
    spans a training step and periodic work of a loop before it, and its figure is a rate."""
    end = stmt._wp_idx  # type: ignore[attr-defined]
    left = dotted(reading) if reading is not None else None
    if left and left in clocks:  # `t1 = time.time()` after the loop: the end reading is there
        ends = [i for i in _scope_index(ctx, scope, left) if i <= end]
        if ends and not scope.stmts[ends[-1]]._wp_loops:  # type: ignore[attr-defined]
            end = ends[-1]
    resets = _scope_index(ctx, scope, dotted(right))  # type: ignore[arg-type]
    by_idx = {s[0]: s for s in sites}
    found = _span_after(scope, resets, sorted(by_idx), end)
    if not found or not _span_after(scope, resets, _train_sites(ctx, scope), end):
        return
    reports = _reporting(ctx, scope, sub, None, is_rate, returns=True)
    named = bool(reports) and _labelled_name(stmt)  # `training_time = end - start`, then printed or returned
    if not named and not any(rate or training_label(st) for st, rate in reports):
        return  # a total wall time (the run's duration), not a speed nor a time labelled as training
    found = [i for i in found if not call_epoch_site(ctx, by_idx[i][1]) or named or
             training_or_rate(scope, sub, training_label)]  # a called epoch's loop: a training time or a throughput
    if not found:
        return
    _, wst, guard, kind, what = by_idx[min(found)]
    from ._paused_clock import paused_around

    if not any(rate for _, rate in reports) and paused_around(scope, wst, dotted(right), ctx.is_clock, dotted):
        return  # the file's training clock stops around this work: this one is the run's whole elapsed time
    periodic = "periodic " if guard is not None else ""
    key = (id(scope), dotted(right), None, id(wst))
    if key in seen:
        return
    seen.add(key)
    figure = "throughput" if any(rate for _, rate in reports) else "training time"
    shown = f"{ctx.text(sub.func)}(...)" if isinstance(sub, ast.Call) else ctx.text(sub)  # a helper's call
    ctx.report(sub, f"The {figure} reported after the loop from `{shown}` includes the {periodic}{kind} "
                    f"`{what}` (line {wst.lineno}) of the loop: the clock runs through it, so the run's training "
                    f"{'speed' if figure == 'throughput' else 'time'} counts it as training",
               "Add up the training time alone (stop the clock around the periodic work)")


def _report_fit(ctx: Context, scope: Scope, sub: ast.AST, right: ast.AST, is_rate: bool, stmt: ast.stmt,
                seen: set[tuple]) -> bool:
    """An interval around a library's training call that runs evaluation inside it (``trainer.train()`` with an
    evaluation strategy, Lightning's ``fit`` handed validation loaders, Keras's ``fit(validation_data=...)``),
    reported as a rate, a time labelled as training, or the time of that call alone."""
    got = fit_in_interval(ctx, scope, _scope_index(ctx, scope, dotted(right)),  # type: ignore[arg-type]
                          stmt._wp_idx)  # type: ignore[attr-defined]
    if got is None:
        return False
    fst, why, alone = got
    reports = _reporting(ctx, scope, sub, None, is_rate, returns=True)
    if not reports:
        return False
    if not (alone or any(rate or training_label(st) for st, rate in reports) or _labelled_name(stmt)):
        return False
    key = (id(scope), dotted(right), "fit", id(fst))
    if key in seen:
        return True
    seen.add(key)
    rate = any(rate for _, rate in reports)
    shown = f"{ctx.text(sub.func)}(...)" if isinstance(sub, ast.Call) else ctx.text(sub)
    ctx.report(sub, f"The {'throughput' if rate else 'training time'} from `{shown}` spans the training call at line "
                    f"{fst.lineno}, which runs evaluation during training (`{why}`): the clock runs through every "
                    f"evaluation pass, so the training {'speed' if rate else 'time'} counts it as training",
               "Time training with the evaluation off (evaluate separately), or subtract the evaluation's time")
    return True


def _labelled_name(stmt: ast.stmt) -> bool:
    """``stmt`` assigns the figure to a name that labels it as training time (``training_time = end - start``,
    ``train_seconds``)."""
    from ._training_totals import TRAIN_NAME

    return any(TRAIN_NAME.search(t.rsplit(".", 1)[-1]) for t in _targets(stmt))
