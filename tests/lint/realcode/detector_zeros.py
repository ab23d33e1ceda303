"""An all-zero image timed through an inference library's detector (`YOLO(...).predict(img)`): no detections,
so the post-processing (NMS) takes its empty fast path and the latency is not the latency of real images (WP111).
A random image stays silent."""

import time

import torch
from ultralytics import YOLO

model = YOLO("weights/best.pt")
img = torch.zeros(1, 3, 640, 640)  # expect: WP111
for _ in range(5):
    model.predict(img, verbose=False)
t0 = time.perf_counter()
for _ in range(50):
    model.predict(img, verbose=False)
print("ms/img", (time.perf_counter() - t0) * 1000 / 50)

frame = torch.rand(1, 3, 640, 640)
t1 = time.perf_counter()
for _ in range(50):
    model.predict(frame, verbose=False)
print("ms/img", (time.perf_counter() - t1) * 1000 / 50)
