"""Near the WP103 class of rows written to a file (set 61): the same per-clip rows after one untimed run of the
pipeline, and rows that leave the first clip out: silent."""

import time

import torch
from transformers import pipeline

dev = "cuda:0" if torch.cuda.is_available() else "cpu"
asr = pipeline("automatic-speech-recognition", model="org/asr-small", device=dev)
clips = ["a.wav", "b.wav", "c.wav"]

asr(clips[0])  # warm the pipeline up, untimed
with open("timings.txt", "w") as report:
    for clip in clips:
        begin = time.time()
        text = asr(clip)["text"]
        finish = time.time()
        report.write(f"{clip}: {finish - begin:.3f} s\n")
