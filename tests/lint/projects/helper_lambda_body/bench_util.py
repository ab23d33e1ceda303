"""A helper module with no GPU of its own (NumPy only): it times whatever callable it is handed, n times, with a
host clock and nothing that waits. Its users hand it lambdas whose bodies run GPU work, so the clock
reads the launches (WP102 here; reported at each user's call when only the user is linted)."""
import time

import numpy as np


def repeat_time(fn, n):
    first = fn()  # one untimed run
    assert np.isfinite(float(first))
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n  # expect: WP102
