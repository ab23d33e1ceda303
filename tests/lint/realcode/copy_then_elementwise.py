"""Set 16 class: a pre-processing interval whose only GPU work is copying a host image to the GPU and one
elementwise op on the copy (`x = transform(img).unsqueeze(0).cuda() + 1`, `im /= 255`). A copy from pageable host
memory returns when it is done, after everything queued before it: what is left unsynchronized is one small
kernel (weak). The network's interval right after it is reported; so are many in-place adds on a copied tensor."""

import time

import numpy as np
import torch
import torchvision.transforms as T

net = torch.nn.Conv2d(3, 8, 3).cuda()
to_tensor = T.ToTensor()
frames = [np.zeros((288, 800, 3), dtype=np.uint8) for _ in range(10)]
for f in frames[:3]:
    net(to_tensor(f).unsqueeze(0).cuda())
    torch.from_numpy(f).to("cuda")

for f in frames:
    t0 = time.time()
    x = torch.from_numpy(f).float()
    x = x.unsqueeze(0).cuda() + 1
    t1 = time.time()  # expect-extra: WP102
    y = net(x)
    t2 = time.time()  # expect: WP102
    print(t1 - t0, t2 - t1)

for f in frames:
    t0 = time.perf_counter()
    im = torch.from_numpy(f).to("cuda")
    im = im.permute(2, 0, 1).float()
    im /= 255
    print("pre", time.perf_counter() - t0)  # expect-extra: WP102

b = torch.ones(4000, 4000).cuda()
t0 = time.time()
for _ in range(1000):
    b += b
print("adds", time.time() - t0)  # expect: WP102
