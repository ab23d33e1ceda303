"""Silent near flax_model_dispatch_bad.py: the Flax model's output read back to the host with `np.asarray` before the
end read (the copy waits for the device), and its item read with `.item()`."""

import time

import jax
import numpy as np
from transformers import AutoTokenizer, FlaxBertModel


def embed(enc, batch):
    return np.asarray(enc(**batch).last_hidden_state)


enc = FlaxBertModel.from_pretrained("bert-base-uncased")
tok = AutoTokenizer.from_pretrained("bert-base-uncased")
batch = tok(["hello world"] * 4, return_tensors="np")
embed(enc, batch)
t0 = time.time()
vecs = embed(enc, batch)
print(vecs.shape, time.time() - t0)

t0 = time.time()
first = enc(**batch).last_hidden_state[0, 0, 0].item()
print(first, time.time() - t0, jax.device_count())
