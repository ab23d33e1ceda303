"""WP103 still holds where a model rebuilt from `from_pretrained` ends up on the GPU, or where the GPU model is the
one in effect: the rebuilt model moved in place (`net.to("cuda")`) before its timed first call; the rebuilt model
handed to a helper that may place it; the name bound to a GPU model again after the host rebuild, before the
timed function runs."""
import time

import torch
from transformers import AutoModel

net = AutoModel.from_pretrained("bert-base-uncased").to("cuda").eval()
ids = torch.randint(0, 1000, (4, 64), device="cuda")
net = AutoModel.from_pretrained("bert-base-uncased").eval()
net.to("cuda")
t0 = time.perf_counter()
net(ids)  # expect: WP103
torch.cuda.synchronize()
print("moved", time.perf_counter() - t0)


def place(m):
    return m.cuda()


enc = AutoModel.from_pretrained("roberta-base").eval()
place(enc)
t1 = time.perf_counter()
enc(ids)  # expect: WP103
torch.cuda.synchronize()
print("placed by a helper", time.perf_counter() - t1)

dec = AutoModel.from_pretrained("gpt2").eval()
dec = AutoModel.from_pretrained("gpt2").cuda().eval()


def time_dec():
    s = time.perf_counter()
    dec(ids)  # expect: WP103
    torch.cuda.synchronize()
    return time.perf_counter() - s


print("rebound to the GPU", time_dec())
