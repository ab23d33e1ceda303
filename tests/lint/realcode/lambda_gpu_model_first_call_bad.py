"""A timing helper of the file (CUDA events, a synchronize, one call of its callable) first handed a lambda that
calls a model the file put on the GPU (`model = build().cuda()` through a loader of the file), then the compiled
model (set 53, a copy of the torch.compile tutorial): the eager number is the model's cold first call (cuDNN and
cuBLAS start-up), printed next to the compiled one. WP103 at the lambda's site; the compiled first call is WP112."""
import torch
from torch import nn


def timed(fn):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    result = fn()
    end.record()
    torch.cuda.synchronize()
    return result, start.elapsed_time(end) / 1000


def init_model():
    return nn.Sequential(nn.Conv2d(3, 64, 3), nn.ReLU(), nn.Conv2d(64, 64, 3)).cuda()


model = init_model()
model_opt = torch.compile(model)
inp = torch.randn(16, 3, 128, 128).cuda()
with torch.no_grad():
    print("eager:", timed(lambda: model(inp))[1])  # expect: WP103
    print("compile:", timed(lambda: model_opt(inp))[1])  # expect: WP112
