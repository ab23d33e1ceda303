# A notebook builds a GPU model, then rebinds the name to a whisper.cpp binding's model, which runs on the CPU (C++
# threads, `n_threads=`): its first timed transcription has no GPU work to warm up.
import time

from faster_whisper import WhisperModel
from pywhispercpp.model import Model

model = WhisperModel("base.en", device="cuda", compute_type="int8")

model = Model("base.en", n_threads=6)
start = time.time()
segments = model.transcribe("clip.wav")
for seg in segments:
    print(seg.text)
print("whisper.cpp", time.time() - start)
