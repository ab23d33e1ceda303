"""A detector's "preprocess" stopwatch: NumPy work inside `torch.from_numpy(...)` (`frame.transpose(2, 0, 1)`),
a blocking copy to the GPU and a `torch.autograd.Variable` wrapper, no kernel launched: the interval is host work
(silent). The "inference" interval after it reads the clock right after the model's launch and is reported."""

import time

import numpy as np
import torch


def detect(net, frame, use_cuda=True):
    net.eval()
    with torch.no_grad():
        t0 = time.time()
        if isinstance(frame, np.ndarray):
            x = torch.from_numpy(frame.transpose(2, 0, 1)).float().div(255.0).unsqueeze(0)
        else:
            raise TypeError("expected an image array")
        if use_cuda:
            x = x.cuda()
        x = torch.autograd.Variable(x)
        t1 = time.time()
        boxes = net(x)
        t2 = time.time()  # expect: WP102
    print("preprocess %.4f s, inference %.4f s" % (t1 - t0, t2 - t1))
    return boxes
