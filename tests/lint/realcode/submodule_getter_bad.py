"""The encoder a sequence-to-sequence model hands out (`model.get_encoder()`) runs on the model's device: calling it on
the inputs queues the encoder's forward pass on the GPU, and a host clock read right after it with no wait measures
the launch (WP102). With a synchronize before the end read, or the output read back, it is silent."""

import time

import torch


def encoder_seconds(model, inputs):
    t0 = time.time()
    with torch.no_grad():
        states = model.get_encoder()(**inputs)
    spent = time.time() - t0  # expect: WP102
    return spent, states


def encoder_seconds_synced(model, inputs):
    t0 = time.time()
    with torch.no_grad():
        states = model.get_encoder()(**inputs)
    torch.cuda.synchronize()
    return time.time() - t0, states


def block_seconds(model, hidden):
    t0 = time.time()
    out = model.get_submodule("decoder.block.0")(hidden)
    first = out[0].sum().item()
    return time.time() - t0, first
