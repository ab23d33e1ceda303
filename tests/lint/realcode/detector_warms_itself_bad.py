"""Nearby: the same detector timed on one image, once: the call sets the predictor up (and warms it) inside the
timed span, which is most of what is measured."""
import time

import torch
from ultralytics import YOLO

det = YOLO("weights/det-small.pt")
frame = torch.rand(1, 3, 640, 640).cuda()
t0 = time.perf_counter()
res = det.predict(frame, device=0)  # expect: WP103
print(f"latency {time.perf_counter() - t0:.3f} s", len(res))
