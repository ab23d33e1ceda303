"""Blocks whose class inherits its clock reads: from a class of the helper module, and from a library's timing
class. Neither exit waits for the device."""
import torch

from bench_helpers import sub_stage, token_rate

net = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(512, 1024, device="cuda")
net(x)
torch.cuda.synchronize()

with sub_stage("linear"):  # expect: WP102
    y = net(x)

with token_rate() as r:  # expect: WP102
    y = net(x)
    r.tokens += 512
