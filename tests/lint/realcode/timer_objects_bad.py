"""Timer objects of the project around GPU work with no synchronize: each stop/elapsed read measures the launch.
Shapes: reset()/elapsed(), a timer started when built, a dict of named timers, a group of named timers
(`timers("fwd").start()`), a timer kept on self, a stop call inside an expression, a `with` timer whose
`__enter__`/`__exit__` call its start()/stop(), a property read as the stop (`lap.seconds`), and a timing
decorator of the file."""
import time
import timeit

import torch


class Stopwatch:
    def __init__(self):
        self.reset()

    def reset(self):
        self.begin = timeit.default_timer()

    def elapsed(self):
        return timeit.default_timer() - self.begin


class Timer:
    def __init__(self, name=""):
        self.name = name
        self.history = []

    def start(self):
        self.t0 = time.perf_counter()

    def stop(self):
        self.history.append(time.perf_counter() - self.t0)
        return self.history[-1]

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()


class Lap:
    def start(self):
        self.t0 = time.perf_counter()

    @property
    def seconds(self):
        return time.perf_counter() - self.t0


class Timers:
    """A group of named timers, Megatron's shape, without its synchronize."""

    def __init__(self):
        self.timers = {}

    def __call__(self, name):
        if name not in self.timers:
            self.timers[name] = Timer(name)
        return self.timers[name]


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

watch = Stopwatch()
for step in range(10):
    watch.reset()
    out = model(batch)
    print(f"step {step}: {watch.elapsed() * 1e3:.2f} ms")  # expect: WP102

since = Stopwatch()
out = model(batch)
print("built then read", since.elapsed())  # expect: WP102

timers = {"fwd": Timer("fwd"), "bwd": Timer("bwd")}
for _ in range(10):
    timers["fwd"].start()
    loss = model(batch).sum()
    timers["fwd"].stop()  # expect: WP102
    timers["bwd"].start()
    loss.backward()
    timers["bwd"].stop()  # expect: WP102


with Timer("block") as block:  # expect: WP102
    out = model(batch)
print("block", block.history)

lap = Lap()
lap.start()
out = model(batch)
print("lap", lap.seconds)  # expect: WP102

group = Timers()
group("forward").start()
out = model(batch)
group("forward").stop()  # expect: WP102


class Runner:
    def __init__(self):
        self.timer = Timer("run")

    def run(self):
        self.timer.start()
        y = model(batch)
        print("run", self.timer.stop())  # expect: WP102
        return y


Runner().run()


@timed  # expect: WP102
def forward():
    return model(batch)


forward()  # expect-extra: WP103
