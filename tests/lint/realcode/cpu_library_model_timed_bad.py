# The same, but the second model comes from a package not known to run on the CPU: taken as a GPU model, timed
# on its first call (cold).
import time

from faster_whisper import WhisperModel
from asr_kit import Model

model = WhisperModel("base.en", device="cuda", compute_type="int8")

model = Model("base.en", n_threads=6)
start = time.time()
segments = model.transcribe("clip.wav")  # expect: WP103
for seg in segments:
    print(seg.text)
print("whisper.cpp", time.time() - start)
