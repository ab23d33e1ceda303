"""Library calls that hand back host objects (a mixin of :class:`wprof.lint._syncs.SyncModel`): a diffusers
pipeline's ``pipe(prompt).images``, an ultralytics detector, a TTS model: the call returns when the device work is
done, so it is a wait. Read by the sync model, WP102's weak evidence and WP111."""

from __future__ import annotations

import ast

from ._names import HOST_RESULT_ROOTS, unwrap_moves
from ._handed_pipelines import handed_pipeline


class HostResults:
    """``returns_host_objects(call)`` and whether a name is a pipeline object (``_pipeline_object``)."""

    def returns_host_objects(self, call: ast.Call) -> bool:
        """A call of a model or pipeline from a library that returns host objects (``pipe(prompt).images[0]`` of a
        diffusers pipeline, ``model(img)`` of an ultralytics YOLO, ``tts.tts(...)``): complete when it returns."""
        from ._names import dotted

        base = call.func.value if isinstance(call.func, ast.Attribute) else call.func
        name = dotted(base)
        if name is None:
            return False
        cache = self.__dict__.setdefault("_host_result", {})
        if name not in cache:
            cache[name] = (False, False, False)  # a cycle through parameters is neutral
            roots, pipes, hub = [], [], []
            values = self.assigns.get(name) or self._passed_values(name)
            for v in values:
                if isinstance(v, ast.Name) and v.id != name and v.id not in self.assigns.get(name, ()):
                    self.returns_host_objects(ast.Call(func=v, args=[], keywords=[]))  # a pipeline passed in
                    root, pipe, detector = cache.get(v.id, (False, False, False))
                    roots.append(root)
                    pipes.append(pipe)
                    hub.append(detector)
                    continue
                v = unwrap_moves(v)
                q = (self.call_name(v) or "") if isinstance(v, ast.Call) else ""
                if isinstance(v, ast.Call) and v.args and dotted(v.args[0]) == name and \
                        not q.startswith(HOST_RESULT_ROOTS):
                    continue  # `pipe = deepspeed.init_inference(pipe, ...)`: the same pipeline, wrapped (neutral)
                roots.append(q.startswith(HOST_RESULT_ROOTS) or _hub_detector(q, v))
                pipes.append(q.startswith("diffusers."))
                hub.append(_hub_detector(q, v))
            cache[name] = (bool(roots) and all(roots), any(pipes), any(hub))
        if _tensor_output(call):
            return False  # output_type="pt"/"latent": device tensors, nothing copied to the host
        if isinstance(call.func, ast.Attribute) and call.func.attr != "__call__" and \
                (cache[name][1] or not cache[name][0]):
            return False  # pipe.unet(latents, t, emb).sample: a module of the pipeline, not the pipeline
        if cache[name][2] and any(self._tensor_value(a) for a in call.args):
            return False  # the hub detector handed a tensor runs the raw model: device tensors, no NMS
        if cache[name][0] or handed_pipeline(self, call):
            return True  # (or `pipe(prompt)` of a parameter every caller hands a transformers pipeline: fresh102)
        return isinstance(getattr(call, "_wp_parent", None), ast.Attribute) and self._pipeline_object(name)

    def _pipeline_object(self, name: str) -> bool:
        """``name`` is a pipeline object, not shown to be a ``torch.nn.Module``: every value it is given is a
        ``*Pipeline*.from_pretrained(...)``, a ``pipeline(...)``, a function of this file that returns one, or a
        wrapper of the same object (``model = compile_model(model)``), and at least one is a pipeline. Such a call
        whose result is used through an attribute (``pipe(prompt).images``) hands back host objects."""
        cache = self.__dict__.setdefault("_pipeline_obj", {})
        if name in cache:
            return bool(cache[name])
        cache[name] = None  # a cycle through returns is neutral
        kinds = [self._pipeline_value(v, name) for v in self.assigns.get(name, [])]
        cache[name] = bool(kinds) and False not in kinds and True in kinds
        return bool(cache[name])

    def _pipeline_value(self, v: ast.AST, name: str) -> bool | None:
        from ._names import dotted

        v = unwrap_moves(v)
        if not isinstance(v, ast.Call):
            return False
        q = self.call_name(v) or dotted(v.func) or ""
        if q.startswith(HOST_RESULT_ROOTS) or q == "pipeline" or q.endswith(".pipeline"):
            return True
        head, _, last = q.rpartition(".")
        if last in ("from_pretrained", "from_single_file") and "pipe" in head.rsplit(".", 1)[-1].lower():
            return True
        if v.args and dotted(v.args[0]) == name:
            return None  # model = compile(model, config): the same object, wrapped
        fn = self.functions.get(v.func.id) if isinstance(v.func, ast.Name) else None
        if fn is None:
            d = self.imported_function(v)  # pipe = get_pipeline(name): a helper of another module of the project
            return d is not None and imported_returns_pipeline(d.ctx, d.node)
        kinds = []
        for r in ast.walk(fn):
            if isinstance(r, ast.Return) and r.value is not None:
                if isinstance(r.value, ast.Name):
                    state = self.__dict__["_pipeline_obj"]
                    k = state[r.value.id] if r.value.id in state else self._pipeline_object(r.value.id)
                    kinds.append(None if k is None else bool(k))
                else:
                    kinds.append(self._pipeline_value(r.value, name))
        return (True if True in kinds else None) if kinds and False not in kinds else False


def _hub_detector(q: str, v: ast.AST) -> bool:
    """``torch.hub.load("ultralytics/yolov5", "yolov5s")``: an AutoShape detector whose call runs NMS (boolean masks,
    a wait for the device) and returns host-side detections, as an ultralytics model does."""
    return q == "torch.hub.load" and isinstance(v, ast.Call) and bool(v.args) and \
        isinstance(v.args[0], ast.Constant) and str(v.args[0].value).lower().startswith("ultralytics/")


def _tensor_output(call: ast.Call) -> bool:
    """``pipe(prompt, output_type="pt")`` (or ``"latent"``): the pipeline hands back device tensors."""
    for k in call.keywords:
        if k.arg == "output_type":
            return not (isinstance(k.value, ast.Constant) and k.value.value in ("pil", "np"))
    return False


def imported_returns_pipeline(ctx, fn: ast.AST) -> bool:
    """A project function (read in its own module's context ``ctx``) that returns a library pipeline: annotated as
    one (``-> FluxPipeline`` imported from diffusers), or every value it returns is one (``pipe =
    StableDiffusionPipeline.from_pretrained(...)`` through ``.to(...)``, then ``return pipe``; transformers'
    ``pipeline(...)``). A model of the same libraries (``UNet2DConditionModel``) returns device tensors: not one."""
    ann = getattr(fn, "returns", None)
    if ann is not None and _pipeline_class(ctx.qualname(ann) or ""):
        return True
    values = []
    for r in ast.walk(fn):
        if isinstance(r, ast.Return) and r.value is not None:
            v = r.value
            if isinstance(v, ast.Name):
                values += ctx.assigns.get(v.id, []) or [v]
            else:
                values.append(v)
    return bool(values) and all(_pipeline_built(ctx, v) for v in values)


def _pipeline_built(ctx, v: ast.AST) -> bool:
    v = unwrap_moves(v)
    if not isinstance(v, ast.Call):
        return False
    q = ctx.call_name(v) or ""
    if q in ("transformers.pipeline", "diffusers.pipeline"):
        return True
    head, _, last = q.rpartition(".")
    return last in ("from_pretrained", "from_single_file", "from_pipe") and _pipeline_class(head) or _pipeline_class(q)


def _pipeline_class(q: str) -> bool:
    """``diffusers.FluxPipeline``, ``diffusers.pipelines.StableDiffusionPipeline``: a pipeline class of a library
    whose pipelines hand back host objects."""
    return q.startswith(HOST_RESULT_ROOTS) and q.rsplit(".", 1)[-1].endswith("Pipeline")
