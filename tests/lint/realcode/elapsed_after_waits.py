"""WP107 asks the same "what waits" model (lint34): between the end record and `elapsed_time()`, a blocking copy
back (`.to("cpu", non_blocking=False)`) waits for the end event's work (silent); a method of a helper the linter
cannot read, handed the model, may (weak); a non-blocking copy does not (WP107)."""
import numpy as np
import torch
from serving.engine import Runner

net = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")
start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
net(x)

start.record()
y = net(x)
end.record()
np.save("y.npy", y.to("cpu", non_blocking=False))
print(start.elapsed_time(end))

runner = Runner(net)
start.record()
y = net(x)
end.record()
out = runner.predict(x)
print(start.elapsed_time(end))  # expect-extra: WP107

start.record()
y = net(x)
end.record()
staged = y.to("cpu", non_blocking=True)
print(start.elapsed_time(end))  # expect: WP107
