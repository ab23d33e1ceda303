"""Framework callbacks that drive a :class:`wprof.Gauge`: Hugging Face ``Trainer`` (:mod:`wprof.integrations.hf`)
and Lightning (:mod:`wprof.integrations.lightning`, for ``lightning.pytorch`` and ``pytorch_lightning``).

Imported lazily: ``import wprof`` and this package import no framework; each submodule imports its own framework.
:func:`attach` adds the right callback to a trainer object (what ``wprof run`` and ``wprof inject`` write).
"""

from __future__ import annotations

from typing import Any

__all__ = ["attach", "framework_of"]


def framework_of(trainer: Any) -> str | None:
    """``"transformers"``, ``"lightning.pytorch"``, ``"pytorch_lightning"`` or None, from the trainer's classes
    (by module name, so no framework is imported to tell)."""
    for klass in type(trainer).__mro__:
        mod = klass.__module__ or ""
        if klass.__name__ == "Trainer" and (mod == "transformers.trainer" or mod.startswith("transformers.")):
            return "transformers"
        for p in ("lightning.pytorch", "pytorch_lightning"):
            if klass.__name__ == "Trainer" and (mod == p or mod.startswith(p + ".")):
                return p
    return None


def attach(trainer: Any, gauge: Any = None, **gauge_kwargs: Any) -> Any:
    """Add a wprof callback (driving ``gauge``, or a new Gauge with ``gauge_kwargs``) to ``trainer`` and return
    ``trainer``; an object that is neither a ``transformers.Trainer`` nor a Lightning ``Trainer`` is returned
    untouched (``attach(x).train()`` is then just ``x.train()``)."""
    fw = framework_of(trainer)
    if fw is None:
        return trainer
    if getattr(trainer, "_wprof_callback", None) is not None:
        return trainer  # one callback per trainer, however often train()/fit() is called
    if fw == "transformers":
        from .hf import WprofCallback

        cb: Any = WprofCallback(gauge, **gauge_kwargs)
        trainer.add_callback(cb)
    else:
        from .lightning import callback_class

        cb = callback_class(fw)(gauge, **gauge_kwargs)
        trainer.callbacks.append(cb)
    try:
        trainer._wprof_callback = cb
    except Exception:
        pass
    return trainer
