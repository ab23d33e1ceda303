"""Facts about libraries that the "what waits" model (:mod:`._waits`, :mod:`._syncs`) reads: which of their calls
return only once the device work queued before them is done (blocking copies back, synchronous copies, launches
that copy results back, comparisons made on the host, host-only libraries handed device values), and which
libraries' semantics the linter knows at all. Facts about libraries, never about repositories."""

from __future__ import annotations

import sys

# calls whose result is a host value computed from device tensors (a bool, a size known only after the kernel ran) or
# a copy to the host: they wait for the device
HOST_VALUE_FUNCS = frozenset({
    "torch.allclose", "torch.equal", "torch.testing.assert_close", "torch.testing.assert_allclose", "torch.save",
    "torch.nonzero", "torch.unique", "torch.masked_select", "torch.distributed.all_gather_object",
    "torch.distributed.broadcast_object_list", "jax.device_get",
    "torchvision.utils.save_image",
})
# methods of host objects that read the values of the tensors they are handed (token ids turned into text, a scalar
# written to TensorBoard): a copy to the host
HOST_READING_METHODS = frozenset({
    "decode", "batch_decode", "convert_ids_to_tokens", "add_scalar", "add_scalars", "add_histogram",
})
# libraries that only take host memory (images, plots, files, experiment trackers): a GPU result reaching them was
# copied to the host (wandb.log turns a tensor into a Python number or a NumPy array: `.item()` / `.cpu()` inside)
HOST_ONLY_LIBS = frozenset({"PIL", "cv2", "imageio", "skimage", "matplotlib", "json", "pickle", "soundfile",
                            "pandas", "sklearn", "librosa", "csv", "wandb"})
HOST_VALUE_METHODS = frozenset({"nonzero", "unique", "masked_select", "equal", "allclose"})
XLA_WAITS = frozenset({"torch_xla._XLAC._xla_sync_multi", "torch_xla.sync", "torch_xla.core.xla_model.wait_device_ops"})

# comparisons of arrays made on the host: the test suites' asserts copy device arrays back (CuPy's `cupy.testing`
# always; NumPy's when handed a device value) and raise there, so they return when the values exist
HOST_ASSERT_PREFIXES = ("cupy.testing.assert", "numpy.testing.assert", "torch.testing.assert", "numpy.allclose",
                        "numpy.array_equal")

# synchronous copies of the CUDA runtime and driver APIs (cuda-python, CuPy's runtime module): a copy to the host
# returns once the data is there, after the work queued before it on the legacy default stream. Matched on the last
# name of the qualified call; the direction is read from the call (`cudaMemcpyDeviceToHost`, `cuMemcpyDtoH`).
# A copy from the host waits too: the runtime synchronizes the stream before it starts a copy from pageable memory and
# returns after a copy from pinned memory; a device-to-device copy does not wait (the CUDA runtime's "API
# synchronization behavior"). Functions that take the direction as an argument count when it is spelled out.
SYNC_MEMCPY_FUNCS = frozenset({"cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy3D", "cudaMemcpyFromSymbol",
                               "cudaMemcpyToSymbol", "memcpy"})
SYNC_MEMCPY_DIRECTED = frozenset({"cuMemcpyDtoH", "cuMemcpyDtoH_v2", "cuMemcpyHtoD", "cuMemcpyHtoD_v2"})
SYNC_MEMCPY_KINDS = ("DeviceToHost", "HostToDevice", "HostToHost")
SYNC_MEMCPY_ROOTS = ("cuda.", "cupy.cuda.runtime.", "cupy_backends.cuda.api.runtime.")
# PyCUDA's argument handlers that copy a kernel's output back after the launch: `kern(drv.Out(a), ...)` synchronizes
# the context before it copies, so the launch returns when the kernel is done (pycuda.driver.function_call)
PYCUDA_COPY_BACK = frozenset({"pycuda.driver.Out", "pycuda.driver.InOut"})

# libraries whose semantics the linter knows (their ops launch asynchronously unless a fact above says otherwise):
# a call into any other code it cannot read may do anything, a copy back to the host included
KNOWN_LIBRARIES = frozenset({
    "torch", "torchvision", "torchaudio", "torchtext", "torch_geometric", "torch_scatter", "torch_sparse",
    "torch_cluster", "dgl", "kornia", "timm", "transformers", "diffusers", "accelerate", "peft", "einops",
    "flash_attn", "xformers", "apex", "bitsandbytes", "triton", "cupy", "cupyx", "numba", "jax", "jaxlib", "flax",
    "cutlass", "cuda", "pycuda", "tensorrt", "torch_tensorrt", "vllm", "sglang", "deepspeed", "megatron",
    "fairseq", "mmcv", "mmdet", "detectron2", "spconv", "gsplat", "pytorch3d", "nerfacc", "tinycudann", "e3nn",
    "liger_kernel", "flashinfer", "transformer_engine", "thunder", "torchao", "fbgemm_gpu", "mamba_ssm",
    "causal_conv1d", "numpy", "scipy", "sklearn", "cv2", "PIL", "math", "time", "functools", "operator",
    "gpytorch", "pyro", "lightning", "pytorch_lightning", "torchmetrics", "ultralytics", "onnxruntime",
    "cuml", "TTS",  # (their calls wait: HOST_RESULT_ROOTS)
    "d2l", "codetiming", "contexttimer",  # (their timers read a host clock and never synchronize)
    "warp", "taichi",  # (GPU libraries whose launches return before the kernel ran, as torch ops do)
})

# methods of library objects that return host objects (NumPy arrays, text, lists of boxes) by default: the call returns
# when the device work is done. Keyed by the constructor's qualified name (the object is bound from it, through
# `.to(...)`/`.cuda()`/`.eval()`); each method with the keyword settings that make it return device tensors instead.
HOST_RESULT_METHODS = {
    "sentence_transformers.SentenceTransformer": {"encode": (("convert_to_tensor", True), ("convert_to_numpy", False)),
                                                  "encode_query": (("convert_to_tensor", True),
                                                                   ("convert_to_numpy", False)),
                                                  "encode_document": (("convert_to_tensor", True),
                                                                      ("convert_to_numpy", False))},
    "sentence_transformers.CrossEncoder": {"predict": (("convert_to_tensor", True), ("convert_to_numpy", False)),
                                           "rank": ()},
    "whisper.load_model": {"transcribe": (), "decode": ()},
    "easyocr.Reader": {"readtext": (), "recognize": (), "detect": ()},
    # trainers: a run ends by turning its metrics into Python floats (`.item()`) and predictions into NumPy arrays
    "transformers.Trainer": {"train": (), "evaluate": (), "predict": ()},
    "transformers.Seq2SeqTrainer": {"train": (), "evaluate": (), "predict": ()},
    "trl.SFTTrainer": {"train": (), "evaluate": ()},
    "trl.DPOTrainer": {"train": (), "evaluate": ()},
    "trl.GRPOTrainer": {"train": ()},
    "trl.PPOTrainer": {"train": ()},
    "lightning.Trainer": {"validate": (), "test": ()},
    "pytorch_lightning.Trainer": {"validate": (), "test": ()},
    # ONNX Runtime's run returns NumPy arrays (copied back from the CUDA provider before it returns)
    "onnxruntime.InferenceSession": {"run": ()},
}
# methods that wait whatever object they are called on, in a file that imports the library: TensorRT's synchronous
# execution (`context.execute_v2(bindings)`; `execute_async_v2/v3` do not wait)
# Taichi's field exports (`f.to_numpy()`, `f.to_torch()`) run a copy kernel and then `runtime_ops.sync()` before they
# return: a wait for every kernel queued before them (recur102: a simulation loop reading positions every frame)
SYNC_METHODS_OF = {"tensorrt": frozenset({"execute_v2"}), "taichi": frozenset({"to_numpy", "to_torch"})}
# Horovod (PyTorch): `hvd.DistributedOptimizer(opt).step()` calls `synchronize()` on every allreduce handle first,
# which returns once the reduction (and so the backward pass that produced its gradients) is done; the blocking
# collectives `hvd.allreduce(t)`, `hvd.allgather(t)`, `hvd.broadcast(t, 0)` are their `_async` form plus that wait
HOROVOD_WRAPPERS = frozenset({"horovod.torch.DistributedOptimizer"})
HOROVOD_WAITS = frozenset({"horovod.torch.synchronize", "horovod.torch.allreduce", "horovod.torch.allgather",
                           "horovod.torch.broadcast", "horovod.torch.alltoall", "horovod.torch.reducescatter",
                           "horovod.torch.grouped_allreduce"})
# linear algebra that reads its error code on the host before it returns (PyTorch: "when inputs are on a CUDA device,
# this function synchronizes that device with the CPU", the `_ex` forms do not; the deprecated `torch.svd`,
# `torch.inverse`, `torch.pinverse`, `torch.cholesky` run the same checked kernels), CuPy's `lu_factor`/`lu`
# (`dev_info[0]` compared on the host after getrf) and its QR `lsqr` (cuSOLVER's host-side csrlsvqr): a call on
# device data returns once the work queued before it is done
CHECKED_LINALG = frozenset({
    *(f"torch.linalg.{n}" for n in ("cholesky", "cond", "eig", "eigh", "eigvals", "eigvalsh", "inv", "ldl_factor",
                                    "lu_factor", "matrix_rank", "pinv", "solve", "svd", "svdvals")),
    "torch.inverse", "torch.svd", "torch.pinverse", "torch.cholesky",
    # the randomized low-rank SVD (torch/_lowrank.py, `pca_lowrank` through it) ends in `torch.linalg.svd` of the
    # small projected matrix, then one (m x q)(q x q) product: it returns once its work is done, but for that product
    "torch.svd_lowrank", "torch.pca_lowrank",
})
CHECKED_LINALG_METHODS = frozenset({"inverse", "svd", "pinverse", "cholesky"})
# CuPy's iterative sparse solvers decide on the host: they compare the residual norm with the tolerance in a Python
# `if` every iteration (cg, cgs, minres; gmres solves its small least-squares system with NumPy) (recur102)
CUPY_HOST_CHECKED = frozenset({"cupyx.scipy.linalg.lu_factor", "cupyx.scipy.linalg.lu",
                               "cupyx.scipy.sparse.linalg.lsqr",
                               *(f"cupyx.scipy.sparse.linalg.{n}" for n in ("cg", "cgs", "gmres", "minres"))})
# methods that format the values they are handed into text on the host (tqdm's postfix: `str()` of a tensor)
FORMATTING_METHODS = frozenset({"set_postfix"})
# (their objects' other calls run like torch modules: known semantics, not unreadable code; and the standard library:
# `timeit.timeit`, `copy.deepcopy(model)` are not a project's helpers)
KNOWN_LIBRARIES = KNOWN_LIBRARIES | {k.split(".")[0] for k in HOST_RESULT_METHODS} | frozenset(sys.stdlib_module_names)
