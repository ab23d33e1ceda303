"""A module-level `def transcribe(...)` that loads a speech model (on the GPU when there is one) and times its first
`model.transcribe`: the method of the model shares the function's name, which does not make the function called
from somewhere the linter cannot see (lint82)."""
import time

import whisper


def transcribe(size, clip):
    model = whisper.load_model(size)
    audio = whisper.load_audio(clip)
    t0 = time.time()
    text = model.transcribe(audio)  # expect: WP103
    print("took", time.time() - t0)
    return text
