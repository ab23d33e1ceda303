"""Near misses of timer objects of the project: a timer whose stop synchronizes (also behind a `sync` option, and in
a group of named timers), a region that synchronizes before the stop (also read by a property), CPU work, a logger
started when built that is not named a timer, a decorator whose wrapper synchronizes, one that reads no clock, and
one around CPU work. Silent."""
import time
import timeit

import numpy as np
import torch


class Stopwatch:
    def __init__(self):
        self.reset()

    def reset(self):
        self.begin = timeit.default_timer()

    def elapsed(self):
        return timeit.default_timer() - self.begin


class CudaTimer:
    def __init__(self, sync=True):
        self.sync = sync

    def start(self):
        if self.sync:
            torch.cuda.synchronize()
        self.t0 = time.perf_counter()

    def stop(self):
        if self.sync:
            torch.cuda.synchronize()
        return time.perf_counter() - self.t0

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.spent = self.stop()


class Lap:
    def start(self):
        self.t0 = time.perf_counter()

    @property
    def seconds(self):
        return time.perf_counter() - self.t0


class Timers:
    def __init__(self):
        self.timers = {}

    def __call__(self, name):
        if name not in self.timers:
            self.timers[name] = CudaTimer()
        return self.timers[name]


def synced(fn):
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        out = fn(*args, **kwargs)
        torch.cuda.synchronize()
        print(f"{fn.__name__}: {(time.perf_counter() - t0) * 1e3:.2f} ms")
        return out
    return wrapper


class TrainLogger:
    """Keeps the run's start time and reports the wall time so far: not a timer by its name."""

    def __init__(self):
        self.began = time.perf_counter()

    def log(self, step):
        print(f"step {step} after {time.perf_counter() - self.began:.1f} s")


def log_calls(fn):
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__, time.strftime("%H:%M:%S"))
        return fn(*args, **kwargs)
    return wrapper


def timed(fn):
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        out = fn(*args, **kwargs)
        print(f"{fn.__name__}: {(time.perf_counter() - t0) * 1e3:.2f} ms")
        return out
    return wrapper


model = torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.GELU()).cuda()
batch = torch.randn(64, 1024, device="cuda")
for _ in range(3):
    model(batch)
torch.cuda.synchronize()

timers = {"fwd": CudaTimer(), "bwd": CudaTimer()}
for _ in range(10):
    timers["fwd"].start()
    loss = model(batch).sum()
    timers["fwd"].stop()

with CudaTimer() as block:
    out = model(batch)
print("block", block.spent)

lap = Lap()
lap.start()
out = model(batch)
torch.cuda.synchronize()
print("lap", lap.seconds)

group = Timers()
group("forward").start()
out = model(batch)
group("forward").stop()

watch = Stopwatch()
for step in range(10):
    watch.reset()
    out = model(batch)
    torch.cuda.synchronize()
    print(f"step {step}: {watch.elapsed() * 1e3:.2f} ms")

logger = TrainLogger()
for step in range(10):
    model(batch)
    logger.log(step)

host = np.random.rand(512, 512)
watch.reset()
prod = host @ host
print("numpy", watch.elapsed())


@synced
def forward():
    return model(batch)


@log_calls
def logged_forward():
    return model(batch)


@timed
def host_matmul():
    return host @ host


forward()  # expect-extra: WP103
logged_forward()
host_matmul()
