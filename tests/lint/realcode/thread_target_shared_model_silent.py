"""Near miss: the enclosing function runs the new model once before starting the threads, so every timed request
is a warm call."""
import statistics
import threading
import time

import torch
from faster_whisper import WhisperModel

REQUESTS = 4
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"


def test_shared_model(cpu_threads, num_workers, audio):
    times = []
    lock = threading.Lock()
    model = WhisperModel("small", device=DEVICE, cpu_threads=cpu_threads, num_workers=num_workers)
    list(model.transcribe(audio)[0])

    def worker(room_id):
        start = time.time()
        with lock:
            segments, info = model.transcribe(audio)
            text = " ".join(s.text for s in segments)
        times.append(time.time() - start)
        print(room_id, len(text))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(REQUESTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statistics.mean(times), statistics.stdev(times)


if __name__ == "__main__":
    print(test_shared_model(4, 1, "talk.wav"))
