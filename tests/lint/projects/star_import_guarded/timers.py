"""A host timer of the project, started and read by name."""
import time


class Timer:
    def start(self):
        self.t = time.perf_counter()

    def evt(self, name):
        print(name, time.perf_counter() - self.t)
