"""A tracker's speed test with its GPU switch written as a literal (set 197, SiamCAR's speed.py): `use_gpu = False`
once in `main()`, the device chosen by `'cuda' if torch.cuda.is_available() and use_gpu else 'cpu'`, and the input
moved only under `if torch.cuda.is_available() and use_gpu:`. As written, the model and its input stay on the CPU and
the timed loop runs there: nothing to synchronize. Silent (near miss: literal_flag_gpu_device_bad.py)."""
import time

import torch
import torch.nn as nn


def main():
    use_gpu = False
    model = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Conv2d(16, 16, 3))
    device = torch.device("cuda" if torch.cuda.is_available() and use_gpu else "cpu")
    model.eval().to(device)
    x = torch.randn(1, 3, 255, 255)
    if torch.cuda.is_available() and use_gpu:
        x = x.cuda()
    with torch.no_grad():
        for _ in range(50):
            model(x)
        t_s = time.time()
        for _ in range(1000):
            model(x)
        t_e = time.time()
    print("speed: %.2f FPS" % (1000 / (t_e - t_s)))


if __name__ == "__main__":
    main()
