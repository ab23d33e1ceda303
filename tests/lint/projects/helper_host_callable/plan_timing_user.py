"""The helper's only user: it times how long generating a kernel plan takes on the host."""
from planlib import make_plan
from timing import reset_device, stopwatch


def check_plan_generation():
    reset_device()
    plan = stopwatch("plan generation", make_plan, size=(64, 64, 64), precision="fp16")
    assert plan is not None
