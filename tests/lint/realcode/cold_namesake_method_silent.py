"""The same function with one untimed transcription first: warm (lint82)."""
import time

import whisper


def transcribe(size, clip):
    model = whisper.load_model(size)
    audio = whisper.load_audio(clip)
    model.transcribe(audio[:16000])
    t0 = time.time()
    text = model.transcribe(audio)
    print("took", time.time() - t0)
    return text
