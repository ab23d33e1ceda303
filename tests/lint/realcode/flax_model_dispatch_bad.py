"""A Flax model of transformers (`FlaxGPT2LMHeadModel.from_pretrained`) in a JAX program: its weights sit on JAX's
default device, and each call dispatches its work and returns before the device finishes. A host clock read after the
call, directly or through a small wrapper of the file, with no `block_until_ready()`, measures the dispatch (WP102).
Waiting on the output before the end read is silent."""

import time

import jax
from transformers import AutoTokenizer, FlaxGPT2LMHeadModel


def run_once(lm, batch):
    lm(**batch)


def logits_of(lm, batch):
    return lm(**batch).logits


lm = FlaxGPT2LMHeadModel.from_pretrained("gpt2")
tok = AutoTokenizer.from_pretrained("gpt2")
batch = tok(["a short prompt"] * 8, return_tensors="jax")
logits_of(lm, batch).block_until_ready()

spans = []
for _ in range(20):
    t0 = time.time()
    run_once(lm, batch)
    t1 = time.time()  # expect: WP102
    spans.append(t1 - t0)
print(min(spans), max(spans))

t0 = time.time()
lm(**batch)
print("direct", time.time() - t0)  # expect: WP102

t0 = time.time()
logits_of(lm, batch).block_until_ready()
print("waited", time.time() - t0)

t0 = time.time()
out = lm(**batch).logits
jax.block_until_ready(out)
print("waited", time.time() - t0)
