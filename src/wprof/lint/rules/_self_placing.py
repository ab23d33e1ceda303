"""Library objects that put themselves on the GPU: a table of facts about libraries' constructors whose device
defaults to CUDA when one is available (``SentenceTransformer(name)``, ``whisper.load_model("small")``), read by the
warm-up model (``_carried.device_built``: what the region runs is GPU work, whose first call is cold; and a file
that never names CUDA but builds one is walked).

A fact, not a name of a repository: each row is a library's documented default (checked against its source),
with the keyword (and the positional index) that can pin the device, and the values of that keyword that still
mean "the GPU when there is one". An explicit CPU device, ``gpu=False`` or a device the file does not show stays off
the GPU (a value the linter cannot read is not guessed)."""

from __future__ import annotations

import ast

from .._context import Context

# qualified constructor -> (device keyword, its positional index or None, values that keep the automatic choice)
_AUTO = (None, "auto")
_DEFAULT_CUDA: dict[str, tuple[str, int | None, tuple]] = {
    # sentence-transformers: `device=None` picks "cuda" when torch.cuda.is_available() (SentenceTransformer.__init__,
    # CrossEncoder.__init__, SparseEncoder; INSTRUCTOR subclasses SentenceTransformer)
    "sentence_transformers.SentenceTransformer": ("device", 2, _AUTO),
    "sentence_transformers.CrossEncoder": ("device", None, _AUTO),
    "sentence_transformers.SparseEncoder": ("device", None, _AUTO),
    "sentence_transformers.cross_encoder.CrossEncoder": ("device", None, _AUTO),
    "InstructorEmbedding.INSTRUCTOR": ("device", 2, _AUTO),
    # openai-whisper: load_model(name, device=None) -> "cuda" if torch.cuda.is_available() else "cpu"
    "whisper.load_model": ("device", 1, _AUTO),
    # faster-whisper: WhisperModel(model_size_or_path, device="auto") -> CUDA when CTranslate2 sees a GPU
    "faster_whisper.WhisperModel": ("device", 1, _AUTO),
    # EasyOCR: Reader(lang_list, gpu=True) uses CUDA when available
    "easyocr.Reader": ("gpu", 1, (None, True)),
    # Stanza: Pipeline(lang, ..., use_gpu=True) uses CUDA when available
    "stanza.Pipeline": ("use_gpu", None, (None, True)),
    # bert-score: BERTScorer(device=None) -> "cuda" if torch.cuda.is_available()
    "bert_score.BERTScorer": ("device", None, _AUTO),
    # Ultralytics: YOLO(weights) predicts on select_device("") -> the first CUDA device when available (the device is
    # an argument of predict, not of the constructor); the first call also sets the predictor up and warms it
    "ultralytics.YOLO": ("device", None, _AUTO),
    "ultralytics.RTDETR": ("device", None, _AUTO),
}

# constructors that run on the GPU only when told so, by a value of their own: (keyword, position, test of the value)
def _gpu_providers(ctx: Context, v: ast.AST) -> bool:
    """``providers=["CUDAExecutionProvider", ...]`` (or TensorRT's), or every provider the installed build has:
    ``providers=ort.get_available_providers()``, directly or through a name bound only to it. That list is in
    priority order, TensorRT and CUDA first in a GPU build (``onnxruntime-gpu``), so the session runs on the GPU
    where there is one, as a library's automatic device does."""
    if any(isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.lower().startswith(("cuda", "tensorrt"))
           for n in ast.walk(v)):
        return True
    if isinstance(v, ast.Name):
        vals = ctx.assigns.get(v.id, [])
        return bool(vals) and all(not isinstance(x, ast.Name) and _gpu_providers(ctx, x) for x in vals)
    if isinstance(v, (ast.List, ast.Tuple)) and v.elts and isinstance(v.elts[0], ast.Name):
        return _gpu_providers(ctx, v.elts[0])  # `providers=[provider]`, the first (preferred) one a name bound above
    return isinstance(v, ast.Call) and not v.args and \
        (ctx.call_name(v) or "") == "onnxruntime.get_available_providers"


_EXPLICIT_GPU = {
    # onnxruntime: InferenceSession(path, providers=["CUDAExecutionProvider", ...]) runs on the GPU
    "onnxruntime.InferenceSession": ("providers", 2, _gpu_providers),
}


def _offloaded_layers(ctx: Context, v: ast.AST) -> bool:
    """``n_gpu_layers=25`` (or ``-1``: all of them), a literal or a name the file binds only to nonzero integers:
    llama.cpp puts that many layers on the GPU (its default, 0, runs on the CPU)."""
    if isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.USub):
        v = v.operand
    if isinstance(v, ast.Constant):
        return type(v.value) is int and v.value != 0
    if isinstance(v, ast.Name):
        vals = ctx.assigns.get(v.id, [])
        return bool(vals) and all(not isinstance(x, ast.Name) and _offloaded_layers(ctx, x) for x in vals)
    return False


# llama.cpp bindings: `Llama(model_path, n_gpu_layers=0)` (llama-cpp-python), LangChain's `LlamaCpp(...,
# n_gpu_layers=None)`: on the CPU unless layers are offloaded
_LLAMA_CPP = ("llama_cpp.Llama", "langchain.llms.LlamaCpp", "langchain.llms.llamacpp.LlamaCpp",
              "langchain_community.llms.LlamaCpp", "langchain_community.llms.llamacpp.LlamaCpp")
for _q in _LLAMA_CPP:
    _EXPLICIT_GPU[_q] = ("n_gpu_layers", None, _offloaded_layers)

# what runs such an object besides the usual model methods (`encode`, `predict`, `__call__`...)
_RUN_METHODS = {"onnxruntime.InferenceSession": frozenset({"run", "run_with_iobinding"}),
                # a LangChain LLM runs by `invoke` (`predict` and `__call__` are the usual ones); llama-cpp-python's
                # `Llama` by its completion methods
                **{q: frozenset({"invoke", "create_completion", "create_chat_completion"}) for q in _LLAMA_CPP}}


def self_placing(ctx: Context, v: ast.AST) -> bool:
    """``v`` is a call of a library constructor whose device defaults to CUDA when available, and the call keeps
    that default (no device given, or the automatic value): the object runs on the GPU where the script is run
    for its numbers."""
    if not isinstance(v, ast.Call) or not isinstance(v.func, (ast.Name, ast.Attribute)):
        return False
    q = ctx.call_name(v) or ""
    explicit = _EXPLICIT_GPU.get(q)
    if explicit is not None:
        kw, pos, test = explicit
        given = [k.value for k in v.keywords if k.arg == kw] + ([v.args[pos]] if pos is not None and len(v.args) > pos else [])
        return bool(given) and test(ctx, given[0])
    row = _DEFAULT_CUDA.get(q)
    if row is None:
        return False
    kw, pos, auto = row
    given = [k.value for k in v.keywords if k.arg == kw]
    if pos is not None and len(v.args) > pos:
        given.append(v.args[pos])
    if any(k.arg is None for k in v.keywords) or any(isinstance(a, ast.Starred) for a in v.args):
        return False  # `**cfg`: the device may be in it
    if not given:
        return True
    value = given[0]
    if isinstance(value, ast.Constant) and (value.value in auto if not isinstance(value.value, str)
                                            else value.value.lower() in [a for a in auto if isinstance(a, str)]):
        return True
    return kw == "device" and ctx._device_value(value) == "cuda"


def builds_self_placing(ctx: Context) -> bool:
    """The file builds such an object (memoized per file)."""
    memo = ctx.__dict__.get("_wp_self_placing")
    if memo is None:
        memo = any(self_placing(ctx, c) for c in ctx.calls)
        ctx._wp_self_placing = memo  # type: ignore[attr-defined]
    return memo


def run_methods(ctx: Context, name: str) -> frozenset:
    """The methods that run the object ``name`` is bound to, where its library names them apart (an ONNX Runtime
    session's ``run``)."""
    out: frozenset = frozenset()
    for v in ctx.assigns.get(name, ()):
        if isinstance(v, ast.Call):
            out |= _RUN_METHODS.get(ctx.call_name(v) or "", frozenset())
    return out
