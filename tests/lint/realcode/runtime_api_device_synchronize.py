"""A project's own runtime binding spells the device wait `device_synchronize()` (set 32 class): the clock read after
it follows the finished work (no WP102). Without the wait before the end read, the launch-only time is reported."""
import time

import torch

import ourlib


def per_call_seconds(op, rounds=50):
    rt = ourlib.Runtime(ourlib.DEVICE_GPU)
    for _ in range(5):
        op()
    rt.device_synchronize()
    begin = time.time()
    for _ in range(rounds):
        op()
    rt.device_synchronize()
    return (time.time() - begin) / rounds


def per_call_seconds_unsynced(op, rounds=50):
    rt = ourlib.Runtime(ourlib.DEVICE_GPU)
    for _ in range(5):
        op()
    rt.device_synchronize()
    begin = time.time()
    for _ in range(rounds):
        op()
    return (time.time() - begin) / rounds  # expect: WP102


a = torch.randn(512, 512, device="cuda")
print(per_call_seconds(lambda: ourlib.matmul(a, a)))
print(per_call_seconds_unsynced(lambda: ourlib.matmul(a, a)))
