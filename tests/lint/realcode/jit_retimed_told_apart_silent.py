"""(twentieth session, jitrecall) Near miss of jit_retimed_same_label_bad.py: the cold call of a Numba
`@cuda.reduce` reduction is printed as the first run and its warm re-timing as the second: the compile cost is
shown on purpose beside the warm figure (WP112 silent, as since lint74). A reduction warmed before its one timing is
silent too."""

import time

import numpy as np
from numba import cuda


@cuda.reduce
def total(a, b):
    return a + b


@cuda.reduce
def biggest(a, b):
    return max(a, b)


def main():
    x = np.arange(1, 1 << 22, dtype=np.float64)

    start = time.time()
    s = total(x)
    print("first run (compiles):", time.time() - start)

    start = time.time()
    s = total(x)
    print("second run:", time.time() - start)

    biggest(x)  # compile
    start = time.time()
    m = biggest(x)
    print("gpu max:", time.time() - start)
    return s, m


if __name__ == "__main__":
    main()
