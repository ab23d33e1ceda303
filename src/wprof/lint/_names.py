"""Names the linter knows: clocks, synchronizes, factories, host calls, compilers; and ``dotted()``."""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator

from ._lib_table import LIBRARIES, table_compilers, table_waits

HOST_CLOCKS = frozenset({
    "time.perf_counter", "time.perf_counter_ns", "time.time", "time.time_ns", "time.monotonic",
    "time.monotonic_ns", "time.process_time", "time.process_time_ns", "time.thread_time", "timeit.default_timer",
    "time.clock",  # (Python 2 and 3 before 3.8: processor time on Unix, wall time on Windows; a host clock either way)
    "datetime.datetime.now", "datetime.datetime.utcnow",
})
SYNC_FUNCS = frozenset({
    "torch.cuda.synchronize", "torch.synchronize", "torch.accelerator.synchronize", "torch.xpu.synchronize",
    "numba.cuda.synchronize", "jax.block_until_ready",  # (torch.mps.synchronize waits for Apple GPUs, not CUDA)
    "taichi.sync",  # (lint87) waits for every Taichi kernel launched (asynchronously on a GPU arch)
})
# waits that are not written as a synchronize: counted where a wait matters (an end read), not as WP101's per-iteration
# synchronize. With NCCL the host waits for the barrier's all-reduce, queued after the work.
HIDDEN_SYNC_FUNCS = frozenset({"torch.distributed.barrier"})
SYNC_ATTRS = frozenset({
    "synchronize", "deviceSynchronize", "cudaDeviceSynchronize", "cuCtxSynchronize", "cudaStreamSynchronize",
    "cuStreamSynchronize", "cudaEventSynchronize", "cuEventSynchronize", "streamSynchronize", "block_until_ready",
    # the same waits as a project's own runtime API spells them (a ctypes or extension binding: `api.device_synchronize()`)
    "device_synchronize", "stream_synchronize", "event_synchronize", "context_synchronize", "ctx_synchronize",
    "synchronize_device", "synchronize_stream", "cuda_synchronize", "cuda_device_synchronize",
    # OpenCV's CUDA module: `cv2.cuda.Stream.waitForCompletion()`, `cv2.cuda.Event.waitForCompletion()` (set 159)
    "waitForCompletion",
})
HIDDEN_SYNC_METHODS = frozenset({"item", "cpu", "tolist"})
EVENT_CTORS = frozenset({"torch.cuda.Event", "torch.Event", "cupy.cuda.Event", "cupy.cuda.stream.Event"})
# the legacy typed constructors of CPU tensors (`torch.cuda.FloatTensor` is the GPU one)
LEGACY_CPU_TENSORS = frozenset(f"torch.{t}Tensor" for t in (
    "Float", "Double", "Half", "BFloat16", "Long", "Int", "Short", "Char", "Byte", "Bool"))
TORCH_FACTORIES = frozenset({
    "randn", "rand", "randint", "randperm", "normal", "zeros", "ones", "empty", "full", "eye", "arange", "linspace",
    "logspace", "tensor", "as_tensor", "empty_strided", "randn_like", "rand_like", "randint_like", "zeros_like",
    "ones_like", "empty_like", "full_like",
})
NVTX_PUSH = frozenset({"range_push", "push_range", "start_range", "range_start"})
NVTX_POP = frozenset({"range_pop", "pop_range", "end_range", "range_end"})
NVTX_MODULES = ("nvtx", "torch.cuda.nvtx", "cupyx.profiler", "cupy.cuda.nvtx")
# calls that never put work on a GPU (builtins and common host-side methods)
HOST_BUILTINS = frozenset({
    "print", "len", "range", "enumerate", "zip", "iter", "next", "int", "float", "str", "bool", "round", "abs",
    "min", "max", "sum", "sorted", "list", "tuple", "dict", "set", "isinstance", "format", "repr", "open", "map",
    "filter", "any", "all", "getattr", "setattr", "hasattr", "super", "type", "id", "vars", "input",
})
HOST_METHODS = frozenset({
    "append", "extend", "insert", "pop", "format", "join", "items", "keys", "values", "get", "write", "flush",
    "info", "debug", "warning", "error", "log", "update", "add_scalar", "set_postfix", "set_description", "split",
    "strip", "startswith", "endswith", "replace", "lower", "upper", "copy", "clear", "setdefault", "close", "read",
    "readline", "encode", "decode", "record", "elapsed_time", "query", "wait_event", "wait_stream", "tic", "toc",
    # module/optimizer bookkeeping and model loading: host work
    "train", "eval", "zero_grad", "parameters", "named_parameters", "buffers", "modules", "children", "state_dict",
    "load_state_dict", "from_pretrained", "save_pretrained", "requires_grad_", "register_buffer", "manual_seed",
    "seed", "numel", "size", "dim", "element_size", "data_ptr", "stride", "is_contiguous", "nelement",
    "num_parameters", "get_num_params",
    # adapters switched, loaded or dropped (peft, diffusers): flags and weight copies that return when done, as
    # `load_state_dict` does (merging them, `fuse_lora`/`merge_and_unload`, is GPU work and not here)
    "set_adapter", "set_adapters", "load_adapter", "delete_adapter", "enable_adapters", "disable_adapters",
    "enable_adapter_layers", "disable_adapter_layers", "load_lora_weights", "unload_lora_weights",
})
# calls that run on the host and wait for the device (or for other processes) before they return
SYNCING_CALLS = frozenset({
    "triton.testing.do_bench", "triton.testing.do_bench_cudagraph", "wprof.bench", "torch.cuda.Event.synchronize",
    "cupyx.profiler.benchmark", "cupyx.time.repeat",  # CuPy's harness synchronizes on its events every repeat
})
# torch.utils.benchmark measurements, and Hugging Face `generate()`, whose loop tests its stopping criteria on the
# host after every token (data-dependent termination: it waits for the device each step)
SYNCING_METHODS = frozenset({"timeit", "blocked_autorange", "adaptive_autorange", "numpy", "generate"})
# Keras model methods that return host values: `fit` turns its logs into Python floats at each epoch's end (and each
# step for the progress bar), `evaluate` returns floats, `predict` NumPy arrays; a call waits for the work it queued
KERAS_HOST_RUNS = frozenset({"fit", "evaluate", "predict", "train_on_batch", "test_on_batch", "predict_on_batch"})
# libraries whose models and pipelines return host objects (a diffusers pipeline's PIL images, a transformers
# pipeline's dicts, ultralytics results after NMS, a Coqui TTS waveform): a call of one waits for the device, as
# `generate()` does. Matched on the qualified name of the constructor a name is bound from (through `.to(...)`).
HOST_RESULT_ROOTS = ("diffusers.", "ultralytics.", "TTS.", "transformers.pipeline",
                     "cuml.")  # cuML estimators synchronize their handle's stream before fit/predict/... return
SYNCING_LAST_NAMES = frozenset({"do_bench", "do_bench_cudagraph", "benchmark_torch_function_in_microseconds"})
TRANSFER_METHODS = frozenset({"to", "cuda", "pin_memory", "contiguous", "float", "half", "bfloat16", "view"})
# NumPy's scalar types and dtype helpers CuPy re-exports (`cp.float64(2.0)`, `cp.int32(n)`, `cp.dtype("f4")`): host
# values, no device array and no kernel (set 206)
_CUPY_HOST_SCALAR = re.compile(r"^cupy\.(?:u?int(?:8|16|32|64|c|p|_)?|float(?:16|32|64|_)?|complex(?:64|128|_)?|"
                               r"bool_|half|single|double|longlong|ulonglong|short|ushort|byte|ubyte|intc|uintc|"
                               r"dtype|finfo|iinfo|result_type|promote_types|can_cast)$")


def cupy_host_scalar(q: str) -> bool:
    """``q`` (a qualified name) is one of NumPy's scalar types or dtype helpers as CuPy re-exports it: a host value."""
    return bool(_CUPY_HOST_SCALAR.match(q))


GPU_MODULE_PREFIXES = ("torch.", "cupy.", "cupyx.", "triton.", "jax.", "numba.cuda.", "cuda.", "cutlass.", "cv2.cuda.")
NOT_WORK_PREFIXES = (
    "torch.cuda.", "torch.profiler.", "torch.autograd.profiler.", "torch.utils.data.", "torch.utils.benchmark.",
    "triton.testing.", "torch.manual_seed", "torch.no_grad", "torch.inference_mode", "torch.device",
    "torch.set_grad_enabled", "torch.backends.", "torch.set_", "torch.get_", "torch.is_", "torch.Event",
    "torch.compile", "torch.accelerator.", "torch.mps.", "wprof.", "time.", "cupy.cuda.", "numba.cuda.synchronize",
    "cupy.asnumpy", "cupy.get_default_", "pycuda.driver.Context", "pycuda.driver.memcpy_dtoh",
    # host work: serialization, data, processes, logging, schedulers, hubs
    "torch.utils.", "torch.load", "torch.save", "torch.hub.", "torch.multiprocessing.", "torch.serialization.",
    "torch.optim.lr_scheduler.", "torch.onnx.", "torch.distributed.init_process_group", "torch.distributed.get_",
    "torch.distributed.is_", "torch.distributed.destroy_process_group", "torch.distributed.barrier",
    "torch.random.manual_seed", "torch.use_deterministic_algorithms", "torch.Generator", "torch.Size",
    "torch.finfo", "torch.iinfo", "torch.dtype", "torch.Stream", "torch.autocast", "torch.amp.autocast",
    "torch.autograd.Variable",  # a deprecated wrapper that returns its tensor: no work
    # checkpoints written or read, remote calls: other processes' or the file system's work (_library_io)
    "torch.distributed.checkpoint.", "torch.distributed.rpc.",
    # distributed autograd over RPC and its optimizer: the workers' work, waited for (_host_returns, precision137)
    "torch.distributed.autograd.", "torch.distributed.optim.DistributedOptimizer",
)
# JAX transformations of a function: each call runs the function's JAX ops on JAX arrays, dispatched asynchronously
JAX_TRANSFORMS = frozenset({"jax.grad", "jax.value_and_grad", "jax.vmap", "jax.jacfwd", "jax.jacrev", "jax.hessian",
                            "jax.checkpoint", "jax.remat"})
COMPILERS = frozenset({
    "torch.compile", "torch.jit.script", "torch.jit.trace", "jax.jit", "numba.cuda.jit", "triton.jit",
    "triton.autotune", "triton.heuristics", "cupy.RawKernel", "cupy.ElementwiseKernel", "cupy.ReductionKernel",
    "cupy.fuse", "torch.cuda.jiterator._create_jit_fn", "cuda.compute", "cutlass.cute.jit", "cute.jit",
    "cutlass.cute.compile",
    "tensorflow.function",  # (lint77) traced into a graph on its first call (and again for each new input signature)
    "jax.pmap",  # (lint87) like jax.jit: traced and compiled by XLA on its first call, per input shape
    "taichi.kernel",  # (lint87) a Taichi kernel is JIT-compiled on its first call (per argument types)
    # (eighteenth session) JAX compilers of libraries built on jax.jit: traced and compiled by XLA on the first call
    "equinox.filter_jit", "equinox.filter_pmap",
    # (twentieth session, jitrecall) Numba's `@cuda.reduce` compiles its reduction kernel when first called
    # (numba/cuda/kernels/reduction.py, `Reduce.__call__`), whatever the arguments
    "numba.cuda.reduce",
    # (twenty-first session, jitfirst: PyCUDA's ElementwiseKernel, compiled on its first call, is in _lib_table)
})
COMPILERS = COMPILERS | table_compilers()  # (libtable) every library's compilers, from the one table
SYNC_FUNCS = SYNC_FUNCS | table_waits()  # (libtable) and its waits
# jax.jit and the compilers that wrap it (equinox's filter_jit keeps only the arrays dynamic, compiling per shape like
# jax.jit; a call dispatches the executable and returns before the device is done)
JAX_COMPILERS = frozenset(LIBRARIES["jax"]["compilers"])


MOVE_METHODS = frozenset({"to", "cuda", "eval", "half", "float", "bfloat16", "requires_grad_"})


def unwrap_moves(v: ast.AST) -> ast.AST:
    """The object under moves and casts that hand it back: ``load(p).to("cuda").half().eval()`` -> ``load(p)``."""
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in MOVE_METHODS:
        v = v.func.value
    return v


def param_defaults(args: ast.arguments) -> dict[str, ast.AST]:
    """Parameter name -> its default expression, for the parameters of ``args`` that have one."""
    pos = [*args.posonlyargs, *args.args]
    out = {a.arg: d for a, d in zip(pos[len(pos) - len(args.defaults):], args.defaults)}
    out.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    return out


def dict_keys_in(d: ast.Dict, keys: Collection[str]) -> Iterator[tuple[str, ast.AST]]:
    """(key, value) for each entry of the dict literal ``d`` whose key is a string constant in ``keys``, in order:
    the reading of a key from a ``**kwargs`` dict (``kwargs = {"device": "cuda"}; f(**kwargs)``)."""
    for key, val in zip(d.keys, d.values):
        if isinstance(key, ast.Constant) and key.value in keys:
            yield key.value, val


def dotted(expr: ast.AST) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, ``None`` otherwise (no import resolution)."""
    t = type(expr)
    if t is ast.Name:
        return expr.id  # type: ignore[attr-defined]
    if t is not ast.Attribute:
        return None
    v = expr.value  # type: ignore[attr-defined]
    if type(v) is ast.Name:
        return f"{v.id}.{expr.attr}"  # type: ignore[attr-defined]
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if isinstance(expr, ast.Name):
        parts.append(expr.id)
        return ".".join(reversed(parts))
    return None
