"""`stream.waitForCompletion()` of a `cv2.cuda.Stream` waits for everything queued on it; the CPU loop before it uses
OpenCV's host subtractor (`cv2.bgsegm`), bound to the same name as the CUDA one later. Silent."""
import time

import cv2
import numpy as np

image = np.zeros((1080, 1920), np.uint8)


def bench(n):
    subtractor = cv2.bgsegm.createBackgroundSubtractorMOG()
    subtractor.apply(image, learningRate=0.01)
    start = time.perf_counter()
    for _ in range(n):
        subtractor.apply(image, learningRate=0.01)
    cpu_time = time.perf_counter() - start

    stream = cv2.cuda.Stream()
    frame = cv2.cuda.GpuMat()
    subtractor = cv2.cuda.createBackgroundSubtractorMOG()
    frame.upload(image, stream=stream)
    subtractor.apply(frame, learningRate=0.01, stream=stream)
    stream.waitForCompletion()
    start = time.perf_counter()
    for _ in range(n):
        frame.upload(image, stream=stream)
        mask = subtractor.apply(frame, learningRate=0.01, stream=stream)
        _ = mask.download(stream=stream)
    stream.waitForCompletion()
    gpu_time = time.perf_counter() - start
    return cpu_time, gpu_time
