"""A with-timer whose value nobody reads (audit 30): `with Timer() as t:` of a timer that reports nothing by itself
(contexttimer's `Timer` without `output=`, a timer class of the file whose `__exit__` only reads the clock), `t`
never read afterwards: no number comes out, so a missing synchronize misleads no one (weak, with `extra`).
Reported: the same timers whose value is printed."""
import time

import torch
from contexttimer import Timer

cache = torch.zeros(4096, 512, device="cuda")


class Span:
    def __enter__(self):
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.seconds = time.perf_counter() - self.t0


def fill_row(slot, row):
    with Timer() as tm:  # expect-extra: WP102
        cache[slot].copy_(row, non_blocking=True)
    return slot


def fill_rows(slots, rows):
    with Span() as sp:  # expect-extra: WP102
        cache.index_copy_(0, slots, rows)


def fill_rows_logged(slots, rows):
    with Span() as sp:  # expect: WP102
        cache.index_copy_(0, slots, rows)
    print(f"filled {len(slots)} rows in {sp.seconds:.4f} s")


def fill_row_logged(slot, row):
    with Timer() as tm:  # expect: WP102
        cache[slot].copy_(row, non_blocking=True)
    return tm.elapsed
