"""A timer that calls the synchronize function its constructor is handed around each timed call; it never names
the GPU itself (its users do: run_synced.py hands `torch.cuda.synchronize` on a CUDA device)."""
import time


class LatencyTimer:
    def __init__(self, repeats=50, sync=None):
        self.repeats = repeats
        self.sync = sync

    def measure(self, fn):
        for _ in range(5):
            fn()
        out = []
        for _ in range(self.repeats):
            if self.sync:
                self.sync()
            t0 = time.perf_counter()
            fn()
            if self.sync:
                self.sync()
            out.append(time.perf_counter() - t0)
        return sorted(out)[len(out) // 2]
