"""A web server's request handler (falseclass, set 152) that logs each request's latency without waiting for the
GPU: the missing synchronize is still reported (the logged latency is the launch's)."""
import time

import torch
from fastapi import FastAPI

app = FastAPI()
model = torch.nn.Linear(512, 512).cuda()


@app.post("/v1/project")
async def project(payload: dict):
    x = torch.tensor(payload["input"], device="cuda")
    start = time.perf_counter()
    y = model(x)
    print(f"latency {(time.perf_counter() - start) * 1000:.2f} ms")  # expect: WP102
    return {"ok": True, "shape": list(y.shape)}
