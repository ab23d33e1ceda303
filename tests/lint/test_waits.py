"""The "what waits" model (lint/_waits.py) asked directly: for each call marked `# <-`, does it wait for the device
(`WAITS`), may it (`MAY_WAIT`: code the linter cannot read, handed the GPU model), or does nothing show a wait? Each
fact about a library is checked with a near miss that must not wait. Snippets are our own code, never run."""

from __future__ import annotations

import ast

import pytest

from wprof.lint._context import Context
from wprof.lint._waits import MAY_WAIT, WAITS, wait_of


def _marked(src: str):
    tree = ast.parse(src)
    ctx = Context(tree, src, "probe.py")
    line = next(i for i, ln in enumerate(src.splitlines(), 1) if ln.rstrip().endswith("# <-"))
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.lineno == line and
             not isinstance(getattr(n, "_wp_parent", None), ast.Call)]
    calls = [c for c in calls if isinstance(c._wp_stmt, ast.stmt)]
    outer = min(calls, key=lambda c: c.col_offset)
    return ctx, outer


CASES = [
    ("pycuda Out launch", WAITS, """
import numpy as np
import pycuda.driver as drv
from pycuda.compiler import SourceModule
k = SourceModule("...").get_function("k")
a = np.ones(16, np.float32)
k(drv.Out(a), block=(16, 1, 1), grid=(1, 1))  # <-
"""),
    ("pycuda Out launch on a stream", None, """
import numpy as np
import pycuda.driver as drv
from pycuda.compiler import SourceModule
k = SourceModule("...").get_function("k")
s = drv.Stream()
a = drv.pagelocked_empty(16, np.float32)
k(drv.Out(a), block=(16, 1, 1), grid=(1, 1), stream=s)  # <-
"""),
    ("cuda-python memcpy to the host", WAITS, """
from cuda import cudart
cudart.cudaMemcpy(h, d, n, cudart.cudaMemcpyKind.cudaMemcpyDeviceToHost)  # <-
"""),
    ("cuda-python device-to-device memcpy", None, """
from cuda import cudart
cudart.cudaMemcpy(d2, d, n, cudart.cudaMemcpyKind.cudaMemcpyDeviceToDevice)  # <-
"""),
    ("driver API copy to the host", WAITS, """
from cuda.bindings import driver
driver.cuMemcpyDtoH(h, d, n)  # <-
"""),
    ("cupy.testing assert", WAITS, """
import cupy as cp
c = cp.ones(4) * 2
cp.testing.assert_allclose(c, ref)  # <-
"""),
    ("numpy assert on host arrays", None, """
import numpy as np
np.testing.assert_allclose(np.ones(4), np.ones(4))  # <-
"""),
    ("explicit blocking copy to the CPU", WAITS, """
import torch
y = torch.randn(4, device="cuda")
y.to("cpu", non_blocking=False)  # <-
"""),
    ("non-blocking copy to the CPU", None, """
import torch
y = torch.randn(4, device="cuda")
y.to("cpu", non_blocking=True)  # <-
"""),
    ("wandb.log of a device value", WAITS, """
import torch, wandb
loss = torch.randn(4, device="cuda").sum()
wandb.log({"loss": loss})  # <-
"""),
    ("wandb.log of a step number", None, """
import torch, wandb
step = 3
wandb.log({"step": step})  # <-
"""),
    ("tqdm postfix of a device value", WAITS, """
import torch
from tqdm import tqdm
bar = tqdm(range(3))
loss = torch.randn(4, device="cuda").sum()
bar.set_postfix(loss=loss)  # <-
"""),
    ("tqdm postfix of a host number", None, """
from tqdm import tqdm
bar = tqdm(range(3))
bar.set_postfix(step=3)  # <-
"""),
    ("sentence-transformers encode", WAITS, """
from sentence_transformers import SentenceTransformer
enc = SentenceTransformer("m").to("cuda")
enc.encode(texts, batch_size=64)  # <-
"""),
    ("sentence-transformers encode to device tensors", None, """
from sentence_transformers import SentenceTransformer
enc = SentenceTransformer("m", device="cuda")
enc.encode(texts, convert_to_tensor=True)  # <-
"""),
    ("whisper transcribe", WAITS, """
import whisper
model = whisper.load_model("base", device="cuda")
model.transcribe("a.wav")  # <-
"""),
    ("method of an unreadable helper object", MAY_WAIT, """
import torch
from serving.engine import Runner
net = torch.nn.Linear(4, 4).cuda()
runner = Runner(net)
runner.predict(x)  # <-
"""),
    ("function of an unreadable module handed the model", MAY_WAIT, """
import torch
from evaluation import score
net = torch.nn.Linear(4, 4).cuda()
score(net, data)  # <-
"""),
    ("a function of an unreadable module, through the module", MAY_WAIT, """
import torch
import metrics
net = torch.nn.Linear(4, 4).cuda()
metrics.evaluate(net, data)  # <-
"""),
    ("a helper object built through an unreadable module, handed the model", MAY_WAIT, """
import torch
from serving import engine
net = torch.nn.Linear(4, 4).cuda()
runner = engine.Runner(net, device="cuda")
runner.run(x)  # <-
"""),
    ("a library's own model built through its module", None, """
import torch
import somelib
m = somelib.Model("cfg").cuda()
m.encode_image(x)  # <-
"""),
    ("a function of an unreadable module handed data only", None, """
import torch
import my_kernels
q = torch.randn(4, 4, device="cuda")
my_kernels.fused_attention(q, q, q)  # <-
"""),
    ("a transformers Trainer's evaluate", WAITS, """
from transformers import Trainer
trainer = Trainer(model=model, args=args, eval_dataset=ds)
trainer.evaluate()  # <-
"""),
    ("a Lightning Trainer's test", WAITS, """
import lightning as L
trainer = L.Trainer(accelerator="gpu")
trainer.test(model, dataloaders=dl)  # <-
"""),
    ("ONNX Runtime's run", WAITS, """
import onnxruntime as ort
sess = ort.InferenceSession("m.onnx", providers=["CUDAExecutionProvider"])
sess.run(None, {"x": x})  # <-
"""),
    ("TensorRT's synchronous execution", WAITS, """
import tensorrt as trt
context = engine.create_execution_context()
context.execute_v2(bindings)  # <-
"""),
    ("TensorRT's asynchronous execution", None, """
import tensorrt as trt
context = engine.create_execution_context()
context.execute_async_v3(stream.handle)  # <-
"""),
    ("a standard-library function handed the model", None, """
import copy
import torch
net = torch.nn.Linear(4, 4).cuda()
copy.deepcopy(net)  # <-
"""),
    ("a GPU library's launch of a kernel of the file", None, """
import warp as wp
@wp.kernel
def k(a: wp.array(dtype=float)):
    pass
a = wp.zeros(8, dtype=float, device="cuda")
wp.launch(k, dim=8, inputs=[a])  # <-
"""),
    ("the model's own call", None, """
import torch
from models.net import Net
net = Net().cuda()
net(x)  # <-
"""),
    ("a move is not a helper", None, """
import torch
from loader import make
imgs = make()
imgs = imgs.to("cuda")
imgs.to("cuda")  # <-
"""),
    ("Numba CUDA ufunc on host arrays", WAITS, """
import numpy as np
from numba import vectorize
@vectorize(["float32(float32)"], target="cuda")
def twice(x):
    return 2 * x
a = np.ones(8, np.float32)
twice(a)  # <-
"""),
    ("Numba CUDA ufunc on device arrays", None, """
import numpy as np
from numba import cuda, vectorize
@vectorize(["float32(float32)"], target="cuda")
def twice(x):
    return 2 * x
d = cuda.to_device(np.ones(8, np.float32))
twice(d)  # <-
"""),
    ("Numba CPU ufunc", None, """
import numpy as np
from numba import vectorize
@vectorize(["float32(float32)"])
def twice(x):
    return 2 * x
a = np.ones(8, np.float32)
twice(a)  # <-
"""),
]


@pytest.mark.parametrize("what,answer,src", CASES, ids=[c[0] for c in CASES])
def test_wait_of(what, answer, src):
    ctx, call = _marked(src)
    assert wait_of(ctx, call) == answer, what
