"""Set 20 class: a training log that prints the mean of the step times so far each epoch (`dur = []` before the
loop; `dur.append(dt)`; `print(epoch, loss, np.mean(dur))` in the same loop) is a progress log, not a result: WP105
silent. The mean of a list bound anew for each configuration and printed after its own sample loop is a result and
is still reported, as is a mean printed once after the loop."""
import numpy as np
import torch

model = torch.nn.Linear(1024, 1024).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(256, 1024, device="cuda")
start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)

dur = []
for epoch in range(20):
    start.record()
    loss = model(x).square().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    end.record()
    end.synchronize()
    dur.append(start.elapsed_time(end))
    if epoch % 5 == 0:
        print(f"epoch {epoch} loss {loss.item():.4f} time {np.mean(dur[3:]):.4f}")

for n in (256, 1024, 4096):
    y = torch.randn(n, 1024, device="cuda")
    model(y)
    times = []
    for _ in range(50):
        start.record()
        model(y)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    print(n, np.mean(times))  # expect: WP105

tput = []
for step in range(100):
    start.record()
    model(x)
    end.record()
    end.synchronize()
    tput.append(x.shape[0] / start.elapsed_time(end))
print("samples/s", sum(tput) / len(tput))  # expect: WP105
