"""Sixth session (set 27 class): the GPU work of a class reached through `self`. A solver whose step is chosen in
`__init__` (`self._advance = advance`, a local function calling `self._shift()`, a method doing torch ops on
tensors) and timed in `__call__` with a host clock and no synchronize is reported; the same solver whose `__call__`
synchronizes (through a method of its own that does) is silent. A method of another class of the same name that does
only host work is not taken for the GPU one."""

import time

import torch


class Lattice:
    def __init__(self, n, device="cuda"):
        self.grid = torch.rand(9, n, n, device=device)
        self.weights = torch.rand(9, device=device)

        def advance(*_):
            self._shift()
            self._relax()

        self._advance = advance

    def _shift(self):
        for i in range(1, 9):
            self.grid[i] = torch.roll(self.grid[i], shifts=(1, 0), dims=(0, 1))

    def _relax(self):
        self.grid -= 0.5 * (self.grid - self.grid.mean(0))

    def __call__(self, steps):
        start = time.perf_counter()
        for _ in range(steps):
            self._advance(self)
        stop = time.perf_counter()  # expect: WP102
        return steps * self.grid[0].numel() / (stop - start)


class SyncedLattice(Lattice):
    def _wait(self):
        torch.cuda.synchronize()

    def __call__(self, steps):
        self._wait()
        start = time.perf_counter()
        for _ in range(steps):
            self._advance(self)
        self._wait()
        stop = time.perf_counter()
        return steps * self.grid[0].numel() / (stop - start)


class Report:
    def _relax(self):
        return sorted(self.rows)

    def table(self):
        start = time.perf_counter()
        rows = self._relax()
        print(rows, time.perf_counter() - start)
