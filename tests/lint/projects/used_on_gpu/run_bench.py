"""The project's benchmark script: it puts the model on the GPU and hands it to the helpers."""
import json
import time

import torch

from infer_helper import infer
from lm import TinyLM
from runner import Runner
from timing_utils import time_forward, time_host

print("parse s", time_host(json.loads, "[1, 2, 3]"))
device = torch.device("cuda")
model = TinyLM(1000, 256, 4).to(device).eval()
ids = torch.randint(0, 1000, (8, 128), device=device)

with torch.no_grad():
    for _ in range(3):
        model(ids)
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    model(ids)
    end.record()
    end.synchronize()
    print("forward ms", start.elapsed_time(end))
    print("helper s", time_forward(model, ids))  # expect-alone: WP102
    print("runner s", Runner(model, ids).run(20))  # expect-alone: WP102

prompts = [torch.randint(0, 1000, (8, 128)) for _ in range(3)]
batch = prompts[0].to(device, non_blocking=True)
with torch.no_grad():
    infer(model, batch)
    t0 = time.perf_counter()
    for _ in range(5):
        infer(model, batch)
    print("infer s", (time.perf_counter() - t0) / 5)  # expect: WP102
