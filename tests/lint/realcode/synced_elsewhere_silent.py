"""Set 64 (lint80), the correct neighbours of `synced_elsewhere_bad.py`: the per-case timing synchronizes too (or
reads the result back); and a call the file synchronizes after elsewhere timed on the host path (`"cpu"`)."""
import time


class Bench:
    def run_once(self, backend, args, device):
        return backend.execute(args, device)

    def total(self, backend, cases):
        t0 = time.time()
        for args in cases:
            self.run_once(backend, args, "cuda")
        backend.synchronize()
        return time.time() - t0

    def per_case(self, backend, cases):
        costs = []
        for args in cases:
            t0 = time.time()
            self.run_once(backend, args, "cuda")
            backend.synchronize()
            costs.append(time.time() - t0)
        return costs

    def per_case_host(self, backend, cases):
        costs = []
        for args in cases:
            t0 = time.time()
            self.run_once(backend, args, "cpu")
            costs.append(time.time() - t0)
        return costs
