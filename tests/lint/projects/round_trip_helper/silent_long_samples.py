"""Silent: the same helpers handed work of milliseconds (a ResNet-50 forward at batch 64, an 8192^3 matmul), where a
synchronize per sample is how per-sample latency is read, and a short op handed to the helper that synchronizes once
after its loop."""
import torch
import torchvision

from utils.timing import event_ms, run_timed, run_timed_once_synced

model = torchvision.models.resnet50().cuda().eval()
x = torch.randn(64, 3, 224, 224, device="cuda")
print(event_ms(lambda: model(x)))
big = torch.randn(8192, 8192, device="cuda")
print(run_timed(torch.matmul, big, big))
a = torch.randn(1024, device="cuda")
print(run_timed_once_synced(torch.relu, a))
