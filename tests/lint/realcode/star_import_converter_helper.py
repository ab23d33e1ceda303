"""Set 49 class: the timed helper of the file ends every return by handing its GPU results to a converter that can
only come from the file's star import of a project module the linter cannot read (`as_floats` from
`from helpers import *`); such converters usually copy the values back to the host (`.item()`), which waits: weak
(shown with `extra`). The second region's helper returns its tensors as they are: default."""
import time

import torch
from torch import nn

from helpers import *

net = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 1, 3, padding=1)).cuda()
for _ in range(5):
    net(torch.randn(2, 3, 128, 128, device="cuda"))


def eval_step(batch):
    left = batch["left"].cuda()
    target = batch["target"].cuda()
    pred = net(left)
    err = (pred - target).abs().mean()
    return as_floats(err), pred


def eval_step_raw(batch):
    left = batch["left"].cuda()
    target = batch["target"].cuda()
    pred = net(left)
    err = (pred - target).abs().mean()
    return err, pred


def run(batches):
    for i, batch in enumerate(batches):
        t0 = time.time()
        err, _ = eval_step(batch)
        print("iter {} took {:.3f}s".format(i, time.time() - t0))  # expect-extra: WP102
    for i, batch in enumerate(batches):
        t0 = time.time()
        err, _ = eval_step_raw(batch)
        print("iter {} took {:.3f}s".format(i, time.time() - t0))  # expect: WP102
