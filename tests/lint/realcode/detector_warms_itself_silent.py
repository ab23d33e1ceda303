"""An Ultralytics detector asked to stream a whole video: its predictor runs a warm-up batch before the first
frame, then every frame of the clip; the timed call's first frame is not cold."""
import time

from ultralytics import YOLO

det = YOLO("weights/det-small.pt")
t0 = time.perf_counter()
frames = 0
for res in det.predict("clips/street.mp4", stream=True, save=False):
    frames += 1
dt = time.perf_counter() - t0
print(f"{frames} frames in {dt:.1f} s ({frames / dt:.1f} fps)")

clip = "clips/harbour.avi"
t0 = time.perf_counter()
out = det(clip)
print(f"second clip: {time.perf_counter() - t0:.1f} s")
