# A detector timed on the CPU, then on the GPU: the CPU run warms nothing there, the GPU figure holds its first call.
import time

from ultralytics import YOLO

det = YOLO("tiny.pt")
t0 = time.perf_counter()
det.predict("img.jpg", device="cpu")  # expect: WP103
print("cpu ms", (time.perf_counter() - t0) * 1000)
t0 = time.perf_counter()
det.predict("img.jpg", device=0)  # expect: WP103
print("gpu ms", (time.perf_counter() - t0) * 1000)
