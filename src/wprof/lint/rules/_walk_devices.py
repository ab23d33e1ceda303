"""Where the warm-up walk's values live, per call of a function (the device decided at the call site).

``def time_it(n, device): x = torch.randn(n, n, device=device); t0 = ...; x @ x`` called first with
``torch.device("cpu")`` and then with the GPU device: the file's static placement cannot say where ``x`` is (it
depends on the caller), but the walk binds ``device`` to the argument of each call. A tensor made in that expansion
on a device the walk knows to be the CPU is a host value; a library op whose tensor operands are all such host
values runs on the CPU, and does not warm the same op on the GPU (the opposite error: a CPU run credited as the
GPU's warm-up hides the cold first GPU call)."""

from __future__ import annotations

import ast

from .._context import dotted

_DEVICE_CALLS = frozenset({"torch.device", "device"})


def device_const(walker, e: ast.AST | None, env: dict) -> str | None:
    """The device an expression names in this expansion: ``"cpu"``, ``"cuda..."``, or None (not known)."""
    from ._walk_values import Const

    if e is None:
        return None
    if isinstance(e, ast.Constant) and isinstance(e.value, str):
        return e.value
    if isinstance(e, ast.Name):
        v = walker.lookup(e.id, env)
        return v.value if isinstance(v, Const) and isinstance(v.value, str) else None
    if isinstance(e, ast.Call) and dotted(e.func) in _DEVICE_CALLS and e.args and not e.keywords:
        a = e.args[0]
        return a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
    return None


def device_value(e: ast.AST):
    """``torch.device("cpu")`` as the constant the walk binds a parameter to (``Const("cpu")``), else None."""
    from ._walk_values import Const

    if isinstance(e, ast.Call) and dotted(e.func) in _DEVICE_CALLS and len(e.args) == 1 and not e.keywords and \
            isinstance(e.args[0], ast.Constant) and isinstance(e.args[0].value, str):
        return Const(e.args[0].value)
    return None


def made_on(walker, v: ast.AST, env: dict) -> str | None:
    """Where a value made by ``v`` lives in this expansion, when the static placement does not say and the device
    comes from a name the walk bound: ``torch.randn(n, device=device)``, ``t.to(device)``, ``t.cuda()`` -> its
    device (``"cpu"`` or ``"cuda"``); None when not known."""
    if not isinstance(v, ast.Call):
        return None
    dev = next((k.value for k in v.keywords if k.arg == "device"), None)
    if dev is None and isinstance(v.func, ast.Attribute) and v.func.attr == "to" and v.args:
        dev = v.args[0]
    d = device_const(walker, dev, env)
    if d is None:
        return None
    return "cpu" if d.split(":")[0] == "cpu" else "cuda" if d.split(":")[0] == "cuda" else None


def on_host_here(walker, c: ast.AST, env: dict) -> bool:
    """A library op (``torch.matmul(X, Y)``, ``X @ Y``) whose tensor operands are names the walk saw made on the
    CPU in this expansion, none of them elsewhere: host work that warms nothing on the GPU."""
    if isinstance(c, ast.BinOp):
        ops = [c.left, c.right]
    elif isinstance(c, ast.Call):
        ops = [*c.args, *(k.value for k in c.keywords)]
    else:
        return False
    places = []
    for a in ops:
        if isinstance(a, ast.Name):
            k = walker.ident(a, env)
            places.append(walker.placed.get(k) if k is not None else None)
        elif not isinstance(a, ast.Constant):
            places.append(None)
    return bool(places) and all(p == "cpu" for p in places)


def mark_host(walker, n: ast.AST, timed: list) -> None:
    """A work item of open regions ran as host work in this expansion: checked, neither cold nor warm (a visit
    whose every item is host work ran nothing on the GPU; ``host_only`` says so)."""
    for r, v, _ in timed:
        if id(n) in walker.work.get(id(r), ()):
            v.checked.add(id(n))


def host_only(v) -> bool:
    """The visit's work items all ran on the CPU (``time_it(n, torch.device("cpu"))``): nothing to judge."""
    return bool(v.checked) and not v.cold and not v.warm and not v.unknown


def note_move(walker, v: ast.Call, env: dict, ident: str | None) -> None:
    """``x = x.to(device)``, ``x = x.cuda()``, ``x = x.cpu()``, ``model.cuda()`` as a statement: the same object (the
    walk keeps its identity), now on another device: where it lives from here on (unknown when the walk cannot say).
    An object the program built on the host and ran there before (``model(img)`` on the CPU, an ONNX export of it),
    moved to the GPU now, gets a new identity: its runs on the CPU loaded no GPU kernel, so they warm nothing for its
    first call on the GPU (set 79: a CPU pass, then ``model = model.cuda()`` and a single timed inference)."""
    if ident is None or ident not in walker.placed or not isinstance(v.func, ast.Attribute):
        return
    attr = v.func.attr
    before = walker.placed[ident]
    if attr in ("cuda", "cpu"):
        walker.placed[ident] = attr
    elif attr == "to":
        walker.placed[ident] = made_on(walker, v, env) or walker.ctx.placement(v)
    if walker.placed[ident] == "cuda" and before != "cuda" and ident in walker.host_built:
        _renamed(walker, ident, env)


def _renamed(walker, ident: str, env: dict) -> None:
    """``ident`` is a new object from here on (its names, in this frame and the frames it sees, and the attributes
    bound to it now name the new identity), on the GPU."""
    walker.counter += 1
    new = f"{ident}@cuda#{walker.counter}"
    walker.host_built.discard(ident)
    walker.placed[new] = "cuda"
    e = env
    while e is not None:
        for k, val in list(e.items()):
            if val == ident:
                e[k] = new
        e = e.get("\0outer")
    for k, val in list(walker.globals.items()):
        if val == ident:
            walker.globals[k] = new
    for k, val in list(walker.attrs.items()):
        if val == ident:
            walker.attrs[k] = new


def moved_to_gpu(key: str | None) -> bool:
    """``key`` is the identity the walk gave an object the file built on the host when it moved to the GPU: what
    ran it before (a CPU pass, a library that ran it on the host, such as an ONNX export) warmed nothing there."""
    return key is not None and "@cuda#" in key


_ARRAY_LIBS = ("torch.", "numpy.", "np.", "cupy.", "cp.", "jax.", "jnp.", "tensorflow.", "tf.")
_DEVICE_KWARGS = frozenset({"device", "device_map", "map_location", "devices", "gpu", "use_gpu", "cuda"})


def built_on_host(walker, v: ast.AST, env: dict) -> bool:
    """``v`` builds an object on the host in this file: a library constructor or model factory
    (``models.resnet50(weights=...)``, ``Net()``, ``AutoModel.from_pretrained(name)``) given no device (no ``device=``,
    ``device_map=``, ``map_location=``, no ``**kwargs``), not one that places itself on the GPU, not a load of a
    saved object (which comes back on the device it was saved from), and handed no value the walk knows on the GPU."""
    from ._self_placing import self_placing

    if not isinstance(v, ast.Call) or not isinstance(v.func, (ast.Name, ast.Attribute)):
        return False
    if any(k.arg is None or k.arg in _DEVICE_KWARGS for k in v.keywords) or \
            any(isinstance(a, ast.Starred) for a in v.args):
        return False
    name = walker.ctx.call_name(v) or dotted(v.func) or ""
    if name.startswith(_ARRAY_LIBS) and not name.startswith("torch.nn."):
        return False  # a tensor or array: moving it makes a copy (``x.to(dev)`` as a statement moves nothing)
    last = name.rsplit(".", 1)[-1]
    if "load" in last.lower() and last != "from_pretrained" or name in walker.ctx.functions or \
            self_placing(walker.ctx, v):
        return False
    for a in [*v.args, *(k.value for k in v.keywords)]:
        if isinstance(a, (ast.Name, ast.Attribute)) and walker.placed.get(walker.ident(a, env) or "") == "cuda":
            return False
        if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.split(":")[0] == "cuda":
            return False
    return walker.ctx.placement(v) != "cuda"


def device_items(s: ast.stmt) -> list[str]:
    """``for dev in ["cpu", "cuda"]:`` (a single name over a written-out list of two to four device strings or
    ``torch.device("...")``): the devices in order, else []. The walk runs the body once per device, each pass
    with the name bound to its device: the CPU pass warms nothing, the first GPU pass is the cold one."""
    if not isinstance(s, (ast.For, ast.AsyncFor)) or not isinstance(s.target, ast.Name) or \
            not isinstance(s.iter, (ast.List, ast.Tuple)) or not 2 <= len(s.iter.elts) <= 4:
        return []
    out = []
    for e in s.iter.elts:
        v = e.value if isinstance(e, ast.Constant) else device_value(e).value if device_value(e) else None
        if not isinstance(v, str) or v.split(":")[0] not in ("cpu", "cuda"):
            return []
        out.append(v)
    return out if "cpu" in [d.split(":")[0] for d in out] else []


def device_pass(ctx, site: ast.Call) -> bool:
    """``bench(dev)`` inside ``for dev in ["cpu", "cuda"]:``: one call per device, each its own first call on that
    device (not a repeat whose first result stands for the rest)."""
    loops = getattr(getattr(site, "_wp_stmt", None), "_wp_loops", ())
    return bool(loops) and bool(device_items(loops[-1]))


def handed_gpu_device(v) -> bool:
    """The visit's function was handed a CUDA device written in the program (``Const("cuda")`` bound to a
    parameter): its tensors made there live on the GPU."""
    from ._walk_values import Const

    return any(isinstance(x, Const) and isinstance(x.value, str) and x.value.split(":")[0] == "cuda"
               for x in v.env.values())
