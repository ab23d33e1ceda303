"""Fake host clock and fake CUDA-event marks with a simulated GPU queue, for timing logic on the CPU."""

from __future__ import annotations


class FakeClock:
    """Host clock in ns that only moves when the test says so."""

    def __init__(self) -> None:
        self.t = 1_000_000_000

    def __call__(self) -> int:
        return self.t

    def advance_ms(self, ms: float) -> None:
        self.t += int(round(ms * 1e6))


class FakeGPU:
    """One stream: work starts when both the host enqueued it and the previous work finished."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.busy_until = 0

    def enqueue_ms(self, ms: float) -> None:
        start = max(self.busy_until, self.clock.t)
        self.busy_until = start + int(round(ms * 1e6))

    def synchronize(self) -> None:
        self.clock.t = max(self.clock.t, self.busy_until)


class FakeEventMarks:
    """Marks whose timestamp is when the fake GPU reaches them; ``ready`` only once host time passed it."""

    clock = "cuda-events"

    def __init__(self, gpu: FakeGPU, capacity: int | None = None) -> None:
        self.gpu = gpu
        self.ts: list[int] = []
        self.capacity = capacity
        self.tail = 0
        self.stalls = 0
        self.grown = 0
        self.waits = 0
        self.queries = 0
        self.finalized = 0
        self.prepared: int | None = None
        self.on_full = lambda: False

    def prepare(self, n_marks: int, on_full) -> None:
        self.prepared = n_marks
        self.on_full = on_full

    def mark(self) -> int:
        while self.capacity is not None and len(self.ts) - self.tail >= self.capacity:
            if not self.on_full():
                self.grown += self.capacity
                self.capacity *= 2
        t = max(self.gpu.busy_until, self.gpu.clock.t)
        self.gpu.busy_until = t
        self.ts.append(t)
        return len(self.ts) - 1

    def ready(self, m: int) -> bool:
        self.queries += 1
        return self.ts[m] <= self.gpu.clock.t

    def wait(self, m: int) -> None:
        self.waits += 1
        self.gpu.clock.t = max(self.gpu.clock.t, self.ts[m])

    def elapsed_ms(self, a: int, b: int) -> float:
        return (self.ts[b] - self.ts[a]) / 1e6

    def release_before(self, m: int) -> None:
        self.tail = max(self.tail, m)

    def finalize(self) -> None:
        self.finalized += 1
        self.gpu.synchronize()


class TimedLoader:
    """A loader whose every item takes ``data_ms`` of host time to produce."""

    def __init__(self, clock: FakeClock, n: int, data_ms: float | list[float]) -> None:
        self.clock, self.n, self.data_ms = clock, n, data_ms

    def __len__(self) -> int:
        return self.n

    def __iter__(self):
        for i in range(self.n):
            d = self.data_ms if isinstance(self.data_ms, (int, float)) else self.data_ms[i]
            self.clock.advance_ms(d)
            yield i
