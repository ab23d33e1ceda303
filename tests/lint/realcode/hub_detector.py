"""A detector loaded with `torch.hub.load("ultralytics/yolov5", ...)` and called on images (paths, arrays) runs
non-maximum suppression, which waits for the device, and returns host-side detections: a host clock read after it
covers the work (silent), as for an ultralytics model. Handed a tensor, the same object runs the raw network and
returns device tensors (reported)."""

import time

import torch

detector = torch.hub.load("ultralytics/yolov5", "yolov5s")
detector.to("cuda")
frames = ["street.jpg", "park.jpg"]
detector(frames)

t0 = time.time()
found = detector(frames)
print("detections", time.time() - t0)

batch = torch.randn(1, 3, 640, 640, device="cuda")
detector(batch)
t0 = time.time()
raw = detector(batch)
print("raw", time.time() - t0)  # expect: WP102
