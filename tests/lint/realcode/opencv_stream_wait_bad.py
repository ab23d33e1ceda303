"""OpenCV's CUDA uploads, a filter and downloads queued on a `cv2.cuda.Stream`, timed without waiting for the stream.
Reported."""
import time

import cv2
import numpy as np

image = np.zeros((1080, 1920), np.uint8)
stream = cv2.cuda.Stream()
frame = cv2.cuda.GpuMat()
subtractor = cv2.cuda.createBackgroundSubtractorMOG()


def run(n):
    frame.upload(image, stream=stream)
    subtractor.apply(frame, learningRate=0.01, stream=stream)
    stream.waitForCompletion()
    start = time.perf_counter()
    for _ in range(n):
        frame.upload(image, stream=stream)
        mask = subtractor.apply(frame, learningRate=0.01, stream=stream)
        _ = mask.download(stream=stream)
    return time.perf_counter() - start  # expect: WP102
