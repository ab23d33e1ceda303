"""A warm-up `timeit` call whose result is thrown away, then measured calls of a step that waits for the device:
nothing to report by default."""
import timeit

import torch

layer = torch.nn.Linear(512, 512).cuda()
batch = torch.randn(64, 512, device="cuda")


def forward_synced():
    layer(batch)
    torch.cuda.synchronize()


def forward_unsynced():
    layer(batch)


timeit.timeit(forward_unsynced, number=5)  # expect-extra: WP102, WP103
forward_synced()  # warm-up of the measured step
timeit.repeat(forward_unsynced, number=5, repeat=2)  # expect-extra: WP102
timeit.Timer(forward_unsynced).timeit(5)  # expect-extra: WP102
print("per call", timeit.timeit(forward_synced, number=50) / 50)
