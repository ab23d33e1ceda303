"""A benchmark class of the project: it keeps the model it is handed and times its calls; where the model lives is
the constructor's caller's business (run_bench.py hands it one on the GPU)."""
from time import perf_counter


class Runner:
    def __init__(self, model, batch):
        self.model = model
        self.batch = batch

    def run(self, n=10):
        self.model(self.batch)
        t = perf_counter()
        for _ in range(n):
            self.model(self.batch)
        return (perf_counter() - t) / n  # expect: WP102
