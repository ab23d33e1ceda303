"""Buffers written before they are timed, in ways the plain reading missed (lint34, WP111 silent): in place through
a view (`w.data.normal_()`, `b[:half].uniform_()`, `c.view(-1).copy_(...)`), by a library call that writes its first
argument (`cp.copyto`), by a function of the file that fills its parameter, and by a project helper called for its
effect on the buffer it is handed (`load_weights_into(w, path)`)."""
import cupy as cp
import torch
from data_utils import load_weights_into


def randomize(t):
    t.uniform_(-1.0, 1.0)


def fill(t):
    randomize(t[0])
    randomize(t[1:])


start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
n = 4096
w = torch.zeros(n, n, device="cuda")
w.data.normal_()
b = torch.empty(n, n, device="cuda")
b[: n // 2].uniform_()
b[n // 2:].uniform_()
c = torch.zeros(n, n, device="cuda")
c.view(-1).copy_(torch.randn(n * n, device="cuda"))
d = torch.zeros(n, n, device="cuda")
fill(d)
e = torch.empty(n, n, device="cuda")
load_weights_into(e, "weights.pt")
for _ in range(3):
    w @ b, c @ d, d @ e
start.record()
y = w @ b
z = c @ d
v = d @ e
end.record()
end.synchronize()
print(start.elapsed_time(end))

x = cp.zeros((n, n), dtype=cp.float32)
cp.copyto(x, cp.random.rand(n, n, dtype=cp.float32))
s, f = cp.cuda.Event(), cp.cuda.Event()
x @ x
s.record()
r = x @ x
f.record()
f.synchronize()
print(cp.cuda.get_elapsed_time(s, f))
