"""Fifteenth session (lint91, set 83 class), the silent side: the script hides every GPU before it imports JAX
(`CUDA_VISIBLE_DEVICES="-1"` at the top of the module): its arrays live in host memory and each op returns done, so
a host clock around them without `block_until_ready` times the work."""
import os

os.environ["CUDA_VISIBLE_DEVICES"] = "-1"

import time

import jax.numpy as jnp
from jax import random

a = random.normal(random.PRNGKey(0), (1024, 1024))
jnp.dot(a, a)
t0 = time.time()
b = jnp.dot(a, a)
t1 = time.time()
print(f"matmul on the CPU: {t1 - t0:.4f}s")
