"""Set 4 class (lit-llama): a decode function of the file whose loop returns when the sampled token equals the
end token (`if idx_next == eos_id: return ...`): deciding that branch needs the token on the host, so every step
waits for the device and a host clock read after the call covers the work (silent). The same loop without the
test is reported, and so is a branch on the tensor's shape (a host value)."""

import time

import torch

model = torch.nn.Linear(256, 256).cuda()


def decode(x, steps, eos_id=None):
    for _ in range(steps):
        logits = model(x)
        idx_next = torch.argmax(logits, dim=-1)
        x = logits.softmax(-1)
        if idx_next[0] == eos_id:
            return x
    return x


def decode_free(x, steps):
    for _ in range(steps):
        logits = model(x)
        if x.shape[0] == 1:
            logits = logits * 2
        x = logits.softmax(-1)
    return x


x0 = torch.randn(4, 256, device="cuda")
decode(x0, 4)
decode_free(x0, 4)
model(x0)

t0 = time.perf_counter()
y = decode(x0, 100, eos_id=3)
print("decode", time.perf_counter() - t0)

t0 = time.perf_counter()
y = decode_free(x0, 100)
print("decode", time.perf_counter() - t0)  # expect: WP102

t0 = time.perf_counter()
for _ in range(100):
    logits = model(x0)
    tok = torch.argmax(logits, dim=-1)
    if tok[0] == 0:
        break
print("inline", time.perf_counter() - t0)


def decode_until_all(x, steps):
    done = torch.zeros(x.shape[0], dtype=torch.bool, device="cuda")
    for _ in range(steps):
        x = model(x).softmax(-1)
        done |= x.argmax(-1) == 3
        if all(done):  # Python's all() over a CUDA tensor: bool() of every element, each a wait
            break
    return x


decode_until_all(x0, 2)
t0 = time.perf_counter()
y = decode_until_all(x0, 100)
print("until all", time.perf_counter() - t0)
