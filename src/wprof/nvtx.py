"""NVTX labels for timelines (nsys, ncu): ranges, marks, one default domain, cheap categories, and phase hooks.

NVTX labels a timeline; it does not measure. A range costs about a microsecond of host time even with no tool
attached (see docs/nvtx.md for the measured table), so annotate phases and iterations, not every small op.

- :class:`annotate` — decorator and context manager (a push/pop range on the calling thread).
- :func:`push_range` / :func:`pop_range` — thread ranges; :func:`start_range` / :func:`end_range` — process ranges
  that may end on another thread; :func:`mark` — an instant.
- :func:`annotate_phases` — forward, backward and optimizer ranges through hooks, without editing the training code.

Backends, chosen once at first use (:func:`backend` says which):

1. ``nvtx`` (NVIDIA's package, ``pip install 'wprof[nvtx]'``): domain ``"wprof"`` by default, categories, colors,
   payloads, registered strings.
2. ``torch.cuda.nvtx`` (a CUDA build of torch): the default NVTX domain only; color, category and payload are
   dropped; messages are unregistered strings.
3. no-op: every call returns at once.

``WPROF="--nvtx-backend=off"`` selects the no-op backend; ``--nvtx-backend=nvtx`` or ``torch`` forces one backend
(an error if it is not usable); ``auto`` (the default) picks as above. The old ``WPROF_NVTX`` variable (``0``, ``1``,
``nvtx``, ``torch``) is still read when ``WPROF`` does not set the backend, with a deprecation notice. Nothing here
imports torch or nvtx until the first range is opened.
"""

from __future__ import annotations

import functools
import importlib
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from . import _optional
from .errors import ConfigError, MissingDependencyError, UsageError

__all__ = [
    "DEFAULT_DOMAIN",
    "CATEGORIES",
    "annotate",
    "push_range",
    "pop_range",
    "start_range",
    "end_range",
    "mark",
    "annotate_phases",
    "PhaseAnnotations",
    "backend",
    "set_backend",
]

DEFAULT_DOMAIN = "wprof"
# Categories wprof itself uses. Categories are cheap (an integer in the event); domains are not (each one is a
# registration and its own row in nsys), so wprof uses one domain and these categories.
CATEGORIES: dict[str, int] = {
    "forward": 1,
    "backward": 2,
    "optimizer": 3,
    "data": 4,
    "step": 5,
    "window": 6,
    "user": 7,
}
PHASE_COLORS: dict[str, str] = {"forward": "green", "backward": "red", "optimizer": "blue"}

F = TypeVar("F", bound=Callable[..., Any])


# --------------------------------------------------------------------------------------------------------- backends
class _NoOp:
    """Every call returns at once (WPROF="--nvtx-backend=off", or neither nvtx nor a CUDA torch is installed)."""

    name = "noop"

    def attributes(self, message: str, color: Any, domain: str | None, category: Any, payload: Any) -> Any:
        return None

    def push(self, attrs: Any, domain: str | None) -> None:
        return None

    def pop(self, domain: str | None) -> None:
        return None

    def start(self, attrs: Any, domain: str | None) -> Any:
        return None

    def end(self, handle: Any) -> None:
        return None

    def mark(self, attrs: Any, domain: str | None) -> None:
        return None


class _TorchNvtx:
    """``torch.cuda.nvtx``: default domain only, message only (color, category, payload are dropped)."""

    name = "torch"

    def __init__(self, mod: Any) -> None:
        self._push = mod.range_push
        self._pop = mod.range_pop
        self._start = mod.range_start
        self._end = mod.range_end
        self._mark = mod.mark

    def attributes(self, message: str, color: Any, domain: str | None, category: Any, payload: Any) -> Any:
        return message

    def push(self, attrs: Any, domain: str | None) -> None:
        self._push(attrs)

    def pop(self, domain: str | None) -> None:
        self._pop()

    def start(self, attrs: Any, domain: str | None) -> Any:
        return self._start(attrs)

    def end(self, handle: Any) -> None:
        if handle is not None:
            self._end(handle)

    def mark(self, attrs: Any, domain: str | None) -> None:
        self._mark(attrs)


class _NvtxPackage:
    """NVIDIA's ``nvtx`` package: domains, categories, colors, payloads; attributes are built once per range."""

    name = "nvtx"

    def __init__(self, mod: Any) -> None:
        self._mod = mod
        self._domains: dict[str, Any] = {}

    def _domain(self, name: str | None) -> Any:
        key = name or DEFAULT_DOMAIN
        d = self._domains.get(key)
        if d is None:
            d = self._domains[key] = self._mod.get_domain(key)
        return d

    def attributes(self, message: str, color: Any, domain: str | None, category: Any, payload: Any) -> Any:
        if isinstance(category, str) and category in CATEGORIES:
            category = CATEGORIES[category]
        return self._domain(domain).get_event_attributes(message, color, category, payload)

    def push(self, attrs: Any, domain: str | None) -> None:
        self._domain(domain).push_range(attrs)

    def pop(self, domain: str | None) -> None:
        self._domain(domain).pop_range()

    def start(self, attrs: Any, domain: str | None) -> Any:
        d = self._domain(domain)
        return (d, d.start_range(attrs))

    def end(self, handle: Any) -> None:
        if handle is not None:
            d, rid = handle
            d.end_range(rid)

    def mark(self, attrs: Any, domain: str | None) -> None:
        self._domain(domain).mark(attrs)


_lock = threading.Lock()
_backend: Any = None


def _torch_nvtx_usable(torch: Any) -> bool:
    # A CPU build of torch has torch.cuda.nvtx, but every call raises ("NVTX functions not installed").
    return getattr(torch, "_C", None) is not None and hasattr(torch._C, "_nvtx")


def _env_choice() -> str:
    """The backend asked for by ``WPROF`` (``--nvtx-backend=...``) or the deprecated ``WPROF_NVTX``; "" for auto."""
    from .loop.config import env_setting

    v = env_setting("nvtx_backend")
    return "" if v is None else str(v)


def _select(choice: str) -> Any:
    choice = choice.strip().lower()
    if choice in ("0", "off", "false", "no", "none", "noop"):
        return _NoOp()
    if choice not in ("", "1", "on", "true", "yes", "auto", "nvtx", "torch"):
        raise ConfigError(
            f"NVTX backend {choice!r} (WPROF_NVTX) is not understood; use WPROF=\"--nvtx-backend=off\" "
            "(or auto, nvtx, torch)."
        )
    if choice in ("", "1", "on", "true", "yes", "auto", "nvtx"):
        mod = _optional.optional("nvtx")
        # NVTX_DISABLE makes the package's own calls no-ops; honour it the same way.
        if mod is not None and getattr(mod, "enabled", lambda: True)():
            return _NvtxPackage(mod)
        if choice == "nvtx":
            raise MissingDependencyError(
                "the NVTX backend 'nvtx' (WPROF --nvtx-backend=nvtx) needs the 'nvtx' package, which is not installed (or NVTX_DISABLE is set): "
                "pip install 'wprof[nvtx]'  (nvtx)"
            )
    torch = _optional.optional("torch")
    if torch is not None and _torch_nvtx_usable(torch):
        return _TorchNvtx(torch.cuda.nvtx)
    if choice == "torch":
        raise MissingDependencyError(
            "the NVTX backend 'torch' (WPROF --nvtx-backend=torch) needs a CUDA build of torch (torch._C._nvtx is missing): "
            "pip install torch  (choose the build for your CUDA version: https://pytorch.org)"
        )
    return _NoOp()


def _get() -> Any:
    b = _backend
    if b is None:
        with _lock:
            b = _backend
            if b is None:
                b = _set(_select(_env_choice()))
    return b


def _set(b: Any) -> Any:
    global _backend
    _backend = b
    return b


def backend() -> str:
    """Name of the backend in use: ``"nvtx"``, ``"torch"`` or ``"noop"`` (chosen at the first call)."""
    return str(_get().name)


def set_backend(name: str | None) -> str:
    """Choose the backend now: ``"auto"``, ``"nvtx"``, ``"torch"``, ``"noop"``; ``None`` re-reads ``WPROF``
    (``--nvtx-backend``).

    Ranges opened before the switch must be closed before it (a pop goes to the backend in use at the time).
    """
    with _lock:
        b = _set(_select(_env_choice() if name is None else name))
    return str(b.name)


# ---------------------------------------------------------------------------------------------------------- ranges
class annotate:
    """A named NVTX range, as a context manager or a decorator (a push/pop range on the calling thread).

    ``with annotate("forward"):`` / ``@annotate`` / ``@annotate("load", color="yellow", category="data")``.
    ``domain`` defaults to ``"wprof"``; ``category`` is a name from :data:`CATEGORIES` or an integer; ``payload`` an
    int or float shown beside the range. Under ``torch.cuda.nvtx`` only the message is kept. The event attributes are
    built once, at the first use, so reusing one ``annotate`` object in a loop is the cheapest form.
    """

    __slots__ = ("message", "color", "domain", "category", "payload", "_backend", "_attrs")

    def __init__(
        self,
        message: str | None = None,
        color: str | int | None = None,
        domain: str | None = None,
        category: str | int | None = None,
        payload: int | float | None = None,
    ) -> None:
        if message is not None and not isinstance(message, str):
            raise UsageError(f"annotate(message={message!r}): the message must be a string.")
        self.message = message
        self.color = color
        self.domain = domain
        self.category = category
        self.payload = payload
        self._backend: Any = None
        self._attrs: Any = None

    def __new__(cls, message: Any = None, *args: Any, **kwargs: Any) -> Any:
        # Bare ``@annotate`` passes the function as the message: return the wrapped function instead of a range
        # (Python then skips __init__, since the result is not an ``annotate``).
        if callable(message):
            inst = super().__new__(cls)
            inst.__init__(None, *args, **kwargs)
            return inst(message)
        return super().__new__(cls)

    def _attributes(self) -> Any:
        b = _get()
        if b is not self._backend:
            # attributes first, then the backend: another thread that sees the new backend also sees its attributes
            self._attrs = b.attributes(self.message or "", self.color, self.domain, self.category, self.payload)
            self._backend = b
        return self._attrs

    def __enter__(self) -> annotate:
        attrs = self._attributes()
        self._backend.push(attrs, self.domain)
        return self

    def __exit__(self, *exc: object) -> None:
        self._backend.pop(self.domain)

    def __call__(self, func: F) -> F:
        if _get().name == "noop":  # off (--nvtx-backend=off or nothing installed): the function itself, no wrapper
            return func
        rng = annotate(
            self.message or getattr(func, "__qualname__", getattr(func, "__name__", "call")),
            self.color,
            self.domain,
            self.category,
            self.payload,
        )

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            attrs = rng._attributes()
            b = rng._backend
            b.push(attrs, rng.domain)
            try:
                return func(*args, **kwargs)
            finally:
                b.pop(rng.domain)

        return wrapper  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"annotate({self.message!r}, domain={self.domain or DEFAULT_DOMAIN!r}, category={self.category!r})"


def push_range(
    message: str,
    color: str | int | None = None,
    domain: str | None = None,
    category: str | int | None = None,
    payload: int | float | None = None,
) -> None:
    """Open a thread range; close it with :func:`pop_range` on the same thread and domain."""
    b = _get()
    b.push(b.attributes(message, color, domain, category, payload), domain)


def pop_range(domain: str | None = None) -> None:
    """Close the innermost thread range of ``domain`` opened on this thread."""
    _get().pop(domain)


def start_range(
    message: str,
    color: str | int | None = None,
    domain: str | None = None,
    category: str | int | None = None,
    payload: int | float | None = None,
) -> Any:
    """Open a process range (it may end on another thread); returns the handle for :func:`end_range`."""
    b = _get()
    return (b, b.start(b.attributes(message, color, domain, category, payload), domain))


def end_range(handle: Any) -> None:
    """Close a range opened by :func:`start_range` (from any thread)."""
    if handle is None:
        return
    b, h = handle
    b.end(h)


def mark(
    message: str,
    color: str | int | None = None,
    domain: str | None = None,
    category: str | int | None = None,
    payload: int | float | None = None,
) -> None:
    """An instantaneous event on the timeline."""
    b = _get()
    b.mark(b.attributes(message, color, domain, category, payload), domain)



# ---------------------------------------------------------------------------------------------------------- phases
class PhaseAnnotations:
    """The hooks :func:`annotate_phases` installed; ``remove()`` (or leaving the ``with`` block) takes them out."""

    def __init__(self) -> None:
        self._handles: list[Any] = []
        self._backward_open = False
        self._lock = threading.Lock()
        self._depth = threading.local()

    def _add(self, handle: Any) -> None:
        self._handles.append(handle)

    def remove(self) -> None:
        """Remove every hook (idempotent)."""
        while self._handles:
            self._handles.pop().remove()

    def __enter__(self) -> PhaseAnnotations:
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()


def _first_grad_tensor(torch: Any, out: Any, depth: int = 0) -> Any:
    """The first tensor in a forward's output that autograd will reach (tensor, sequence or mapping)."""
    if isinstance(out, torch.Tensor):
        return out if out.requires_grad and out.grad_fn is not None else None
    if depth > 2:
        return None
    items = out.values() if isinstance(out, dict) else out if isinstance(out, (list, tuple)) else ()
    for item in items:
        t = _first_grad_tensor(torch, item, depth + 1)
        if t is not None:
            return t
    return None


def _register(register: Callable[..., Any], hook: Callable[..., Any], **kwargs: Any) -> Any:
    try:
        return register(hook, **kwargs)
    except TypeError:  # torch < 2.1 has no always_call
        return register(hook)


def annotate_phases(
    model: Any = None,
    optimizer: Any = None,
    *,
    domain: str | None = None,
) -> PhaseAnnotations:
    """Label forward, backward and optimizer-step ranges through hooks, without editing the training code.

    - ``forward``: a push/pop range on the thread that calls the model (the main thread), from the forward pre-hook
      to the forward hook. ``model=None`` labels every outermost ``nn.Module`` call on a thread instead (a loss
      module called outside the model gets its own ``forward`` range).
    - ``backward``: autograd runs CUDA backward work on its own device thread, so a push/pop range on the main
      thread would not enclose those kernels. This is a start/end (process) range: it starts when the gradient of
      the model's output arrives (a tensor hook, on the autograd thread) and ends in a callback that the autograd
      engine runs when the whole backward pass has finished (so it covers gradient accumulation into ``.grad``).
      One backward range is open at a time. ncu filters it with ``--nvtx-include backward`` (no trailing slash).
    - ``optimizer``: a push/pop range around ``optimizer.step()`` (step pre- and post-hooks); ``optimizer=None``
      labels every optimizer's step.

    All ranges go to ``domain`` (default ``"wprof"``) with the categories of the same names. Returns the installed
    hooks; use it as a context manager or call ``remove()``.
    """
    torch = _optional.torch()
    handles = PhaseAnnotations()
    fwd = annotate("forward", color=PHASE_COLORS["forward"], domain=domain, category="forward")
    opt = annotate("optimizer", color=PHASE_COLORS["optimizer"], domain=domain, category="optimizer")
    engine = torch.autograd.Variable._execution_engine

    def on_output_grad(grad: Any) -> None:
        with handles._lock:
            if handles._backward_open:
                return None
            handles._backward_open = True
        rng = start_range("backward", color=PHASE_COLORS["backward"], domain=domain, category="backward")

        def done() -> None:
            end_range(rng)
            handles._backward_open = False

        engine.queue_callback(done)
        return None

    def arm_backward(output: Any) -> None:
        if torch.is_grad_enabled():
            t = _first_grad_tensor(torch, output)
            if t is not None:
                t.register_hook(on_output_grad)

    if model is not None:
        def pre(module: Any, args: Any) -> None:
            fwd.__enter__()

        def post(module: Any, args: Any, output: Any) -> None:
            fwd.__exit__()
            arm_backward(output)

        handles._add(model.register_forward_pre_hook(pre))
        handles._add(_register(model.register_forward_hook, post, always_call=True))
    else:
        depth = handles._depth
        mod_hooks = importlib.import_module("torch.nn.modules.module")

        def gpre(module: Any, args: Any) -> None:
            d = getattr(depth, "n", 0)
            depth.n = d + 1
            if d == 0:
                fwd.__enter__()

        def gpost(module: Any, args: Any, output: Any) -> None:
            d = getattr(depth, "n", 1) - 1
            depth.n = d
            if d == 0:
                fwd.__exit__()
                arm_backward(output)

        handles._add(mod_hooks.register_module_forward_pre_hook(gpre))
        handles._add(_register(mod_hooks.register_module_forward_hook, gpost, always_call=True))

    def opre(optim: Any, args: Any, kwargs: Any) -> None:
        opt.__enter__()

    def opost(optim: Any, args: Any, kwargs: Any) -> None:
        opt.__exit__()

    if optimizer is not None:
        handles._add(optimizer.register_step_pre_hook(opre))
        handles._add(optimizer.register_step_post_hook(opost))
    else:
        optim_mod = importlib.import_module("torch.optim.optimizer")
        handles._add(optim_mod.register_optimizer_step_pre_hook(opre))
        handles._add(optim_mod.register_optimizer_step_post_hook(opost))
    return handles
