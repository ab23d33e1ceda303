"""Fifteenth session (lint91, set 83 class), the reported side: the GPUs are hidden only on one path (`if
args.cpu:`), or set to a device: JAX runs on the GPU where the script's numbers are taken, and the matmul may still
be queued when the clock is read."""
import argparse
import os

parser = argparse.ArgumentParser()
parser.add_argument("--cpu", action="store_true")
args = parser.parse_args()
if args.cpu:
    os.environ["CUDA_VISIBLE_DEVICES"] = "-1"

import time

import jax.numpy as jnp
from jax import random

a = random.normal(random.PRNGKey(0), (1024, 1024))
jnp.dot(a, a)
t0 = time.time()
b = jnp.dot(a, a)
t1 = time.time()  # expect: WP102
print(f"matmul: {t1 - t0:.4f}s")
