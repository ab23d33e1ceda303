"""Near miss of literal_flag_cpu_device_silent.py: the same speed test with `use_gpu = True`. The flag leaves the
test to `torch.cuda.is_available()`, so the model and input are on the GPU where there is one, and the host clock is
read after 1000 queued forwards with no synchronize: WP102."""
import time

import torch
import torch.nn as nn


def main():
    use_gpu = True
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
        t_e = time.time()  # expect: WP102
    print("speed: %.2f FPS" % (1000 / (t_e - t_s)))


if __name__ == "__main__":
    main()
