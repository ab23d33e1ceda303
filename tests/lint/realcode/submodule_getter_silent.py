"""Silent near submodule_getter_bad.py: the submodule only fetched (`enc = model.get_encoder()`, no call) between the
reads, and a host object's `get_decoder()` (a text codec of the file) called on a string, in a file that uses the
GPU elsewhere."""

import time

import torch


class Codec:
    def get_decoder(self):
        return bytes.decode


def fetch_seconds(model):
    t0 = time.time()
    enc = model.get_encoder()
    return time.time() - t0, enc


def decode_seconds(raw: bytes):
    codec = Codec()
    t0 = time.time()
    text = codec.get_decoder()(raw)
    return time.time() - t0, text


if __name__ == "__main__":
    net = torch.nn.Linear(4, 4).cuda()
    print(fetch_seconds(net), decode_seconds(b"abc"))
