# The GPU run is preceded by an untimed GPU call of the same detector: warm (the CPU one was warmed too).
import time

from ultralytics import YOLO

det = YOLO("tiny.pt")
det.predict("img.jpg", device="cpu")
t0 = time.perf_counter()
det.predict("img.jpg", device="cpu")
print("cpu ms", (time.perf_counter() - t0) * 1000)
det.predict("img.jpg", device=0)
t0 = time.perf_counter()
det.predict("img.jpg", device=0)
print("gpu ms", (time.perf_counter() - t0) * 1000)
