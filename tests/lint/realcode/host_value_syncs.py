"""Calls whose result is a host value computed from device tensors wait for the device: a correctness check
(`torch.allclose`), a size known only after the kernel ran (`x.nonzero()`), `float(loss)`, `torch.save`. One of
them after the last GPU work makes the host clock's end read cover the work (WP102 silent); without it the
interval is reported."""

import time

import torch

a = torch.randn(2048, 2048, device="cuda")
b = torch.randn(2048, 2048, device="cuda")
ref = a @ b
a @ b

t0 = time.perf_counter()
c = a @ b
ok = torch.allclose(c, ref)
print("checked", ok, time.perf_counter() - t0)

t0 = time.perf_counter()
c = a @ b
hits = (c > 0).nonzero()
print("hits", len(hits), time.perf_counter() - t0)

t0 = time.perf_counter()
loss = (a @ b).square().mean()
value = float(loss)
print("loss", value, time.perf_counter() - t0)

t0 = time.perf_counter()
c = a @ b
torch.save(c, "c.pt")
print("saved", time.perf_counter() - t0)

t0 = time.perf_counter()
c = a @ b
print("unchecked", time.perf_counter() - t0)  # expect: WP102

t0 = time.perf_counter()
c = (a @ b).to("cpu")
print("to host", time.perf_counter() - t0)

t0 = time.perf_counter()
c = (a @ b).to("cpu", non_blocking=True)
print("async copy", time.perf_counter() - t0)  # expect: WP102

t0 = time.perf_counter()
loss = (a @ b).mean()
log_line = "loss {:.4f}".format(loss)
print("formatted", time.perf_counter() - t0)

t0 = time.perf_counter()
c = a @ b
print(f"shape {c.shape}", time.perf_counter() - t0)  # expect: WP102


from transformers import AutoTokenizer  # noqa: E402

tok = AutoTokenizer.from_pretrained("gpt2")
head = torch.nn.Linear(2048, 50257).cuda()
head(a)

t0 = time.perf_counter()
out = torch.argmax(head(a), dim=-1)
text = tok.batch_decode(out)
print("decoded", time.perf_counter() - t0)

t0 = time.perf_counter()
out = torch.argmax(head(a), dim=-1)
print("argmax", time.perf_counter() - t0)  # expect: WP102

done_evt = torch.cuda.Event()
t0 = time.perf_counter()
c = a @ b
done_evt.record()
while not done_evt.query():  # a busy wait for the event: the interval covers the matmul
    pass
print("busy wait", time.perf_counter() - t0)
