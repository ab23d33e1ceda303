"""Set 25 class: a token-by-token prefill `for pos in range(prompt_len)` (a size taken from the data) timed with a host
clock and no synchronize: a range loop is not a run over a loader, so the launch-only interval is reported (it was
lost when ranges over data sizes became "walking data" for the warmup rules). The decode loop after it waits at the
top of every step (`for t in next_tok.cpu().tolist()`): its per-step interval, read before the step's work is waited for, is
reported; the total read after the loop misses at most the last step's tail (weak)."""

import time

import torch

torch.set_default_device("cuda")
w = torch.randn(1024, 1024)
prompts = [torch.randint(0, 1024, (n,)) for n in (17, 33, 9)]
prompt_len = max(len(p) for p in prompts)
table = torch.randn(1024, 1024)
table @ w

t_all = t0 = time.time()
for pos in range(prompt_len):
    h = table[pos] @ w
t_prefill = time.time() - t0  # expect: WP102

next_tok = h.argmax()
out = []
for step in range(200):
    s0 = time.time()
    for t in next_tok.view(-1).cpu().tolist():  # expect-extra: WP114
        out.append(t)
    h = table[next_tok] @ w
    next_tok = h.argmax()
    print("step", time.time() - s0)  # expect: WP102
total = time.time() - t_all  # expect-extra: WP102
print(t_prefill, total)

t1 = time.time()
for step in range(3):
    for t in next_tok.view(-1).cpu().tolist():  # expect-extra: WP114
        out.append(t)
    h = table[next_tok] @ w
    next_tok = h.argmax()
short = time.time() - t1  # expect: WP102
print("three steps, the last one not waited for", short)
