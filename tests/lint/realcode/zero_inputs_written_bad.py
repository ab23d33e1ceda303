"""The near misses of zero_inputs_written_silent.py (lint34): the tensor written is another one (`b.uniform_()`), the
function of the file only reads its parameter, and a library call made for its effect does not write the values
(`torch.save`): the timed inputs stay all zeros (WP111)."""
import torch


def report(t):
    print(t.shape, t.dtype)


start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
n = 4096
a = torch.zeros(n, n, device="cuda")  # expect: WP111
b = torch.empty(n, n, device="cuda")
b.uniform_()
p = torch.zeros(n, n, device="cuda")  # expect: WP111
report(p)
torch.save(p, "p.pt")
for _ in range(3):
    a @ b, p @ b
start.record()
y = a @ b
z = p @ b
end.record()
end.synchronize()
print(start.elapsed_time(end))
