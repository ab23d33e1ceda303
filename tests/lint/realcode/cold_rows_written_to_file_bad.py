"""WP103 class (set 61, in a shape of our own): a speech pipeline on the GPU is run once per audio clip of a list,
each clip's time written as a row of a results file: the row is the sample itself, and the first row holds the
pipeline's cold first call (as a sweep's printed rows do)."""

import time

import torch
from transformers import pipeline

dev = "cuda:0" if torch.cuda.is_available() else "cpu"
asr = pipeline("automatic-speech-recognition", model="org/asr-small", device=dev)
clips = ["a.wav", "b.wav", "c.wav"]

report = open("timings.txt", "w")
for clip in clips:
    begin = time.time()
    text = asr(clip)["text"]  # expect: WP103
    finish = time.time()
    report.write(f"{clip}: {finish - begin:.3f} s\n")
report.close()


def score_clips(paths):
    tagger = pipeline("audio-classification", model="org/tagger", device=dev)
    with open("tag_times.csv", "w") as out:
        for p in paths:
            t0 = time.perf_counter()
            tagger(p)  # expect: WP103
            out.write(f"{p},{time.perf_counter() - t0}\n")


score_clips(clips)
