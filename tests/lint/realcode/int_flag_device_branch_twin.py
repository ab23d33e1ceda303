"""A `--cuda` option of type int compared with 1 chooses the device: the `else` branch runs the model on the CPU
(its clock needs no synchronize: silent); the CUDA branch reads the clock without one (reported)."""
import argparse
import time

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--cuda", default=1, type=int)
args = parser.parse_args()

model = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 3), torch.nn.ReLU(), torch.nn.Conv2d(64, 64, 3))
image = torch.rand(1, 3, 224, 224)
if args.cuda == 1:
    model = model.cuda()
    image = image.cuda()
    model(image)
    torch.cuda.synchronize()
    s = time.time()
    for _ in range(20):
        model(image)
    print("gpu", time.time() - s)  # expect: WP102
else:
    model(image)
    s = time.time()
    for _ in range(20):
        model(image)
    print("cpu", time.time() - s)
