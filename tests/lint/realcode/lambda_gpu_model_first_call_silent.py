"""Near-miss of lambda_gpu_model_first_call_bad.py: the model runs once before the helper times it (a warm-up
forward), so the helper's one sample is a warm call; and a model handed to a function of the file that runs it
(`evaluate(net)`) before it is timed. Silent."""
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
inp = torch.randn(16, 3, 128, 128).cuda()
with torch.no_grad():
    model(inp)
    print("eager:", timed(lambda: model(inp))[1])


def evaluate(classifier):
    batch = torch.randn(4, 3, 64, 64).cuda()
    with torch.no_grad():
        return classifier(batch).sum().item()


def after_evaluation():
    net = init_model()
    x = torch.randn(8, 3, 64, 64).cuda()
    print("accuracy proxy:", evaluate(net))  # the model ran here: the timed call below is not its first
    print("eager:", timed(lambda: net(x))[1])


after_evaluation()
