"""Constructors of PyTorch's that launch nothing on the GPU (phasesplit, set 133).

Building an optimizer over a model's parameters (``optim.SGD(net.parameters(), lr=0.1)``, ``torch.optim.AdamW``)
only records the parameter groups: its state is made lazily on the first ``step()``. Wrapping a model in
``torch.nn.DataParallel`` keeps a reference (and, with one device, moves the module with a blocking ``.to``). Neither
leaves work queued on the GPU, so a set-up interval ending right after them (``t1 = time.time()`` after ``net =
net.to(device)``, the optimizer built) measures no launch. ``torch.optim.Adagrad`` fills its accumulators in
``__init__`` (``torch.full_like``): still work. ``DistributedDataParallel`` broadcasts the parameters: still work.
"""

from __future__ import annotations

_LAZY_OPTIMIZERS = frozenset({"SGD", "Adam", "AdamW", "Adamax", "Adadelta", "RMSprop", "Rprop", "ASGD", "NAdam",
                              "RAdam", "LBFGS", "SparseAdam", "Adafactor"})
_WRAPPERS = frozenset({"torch.nn.DataParallel", "torch.nn.parallel.DataParallel",
                       "torch.nn.parallel.data_parallel.DataParallel"})


def launches_nothing(q: str) -> bool:
    """``q`` (a call's qualified name) is a PyTorch constructor that queues no GPU work (module docstring)."""
    if q in _WRAPPERS:
        return True
    head, _, last = q.rpartition(".")
    return head in ("torch.optim", "torch.optim.sgd", "torch.optim.adam", "torch.optim.adamw") and \
        last in _LAZY_OPTIMIZERS
