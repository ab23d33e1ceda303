"""Set 64 (lint80): a benchmark class whose all-iterations timing synchronizes its backend after the runs, and
whose per-case timing reads the clock right after the same call with no synchronize. The linter cannot see what
the backend runs, but the file's own synchronize after the same call says it returns before its work is done: the
per-case numbers measure launches (WP102)."""
import time


class Bench:
    def __init__(self, on_device):
        self.on_device = on_device

    def run_once(self, backend, args):
        out = backend.execute(args)
        if isinstance(out, tuple):
            return out
        return (out,)

    def total(self, backend, cases):
        if self.on_device:
            backend.synchronize()
        t0 = time.time()
        for args in cases:
            self.run_once(backend, args)
        if self.on_device:
            backend.synchronize()
        return time.time() - t0

    def per_case(self, backend, cases):
        costs = []
        for args in cases:
            t0 = time.time()
            self.run_once(backend, args)
            costs.append(time.time() - t0)  # expect: WP102
        return costs
