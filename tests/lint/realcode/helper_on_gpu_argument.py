"""Set 17 class: a plain function of the file computing with operators on its parameter (bit tricks on an integer
tensor), timed once on a CPU tensor and once on the same tensor moved with `.to(torch.device("cuda"))`. Handed a
tensor shown to live on the GPU, the function's operators are kernel launches: the GPU side is reported (no
synchronize, first call), the CPU side is not. A helper that only reads the tensor's shape is not GPU work."""

import time

import torch


def bit_count(x):
    a = (x & 0x5555) + ((x >> 1) & 0x5555)
    b = (a & 0x3333) + ((a >> 2) & 0x3333)
    return (b & 0x0F0F) + ((b >> 4) & 0x0F0F)


def describe(x):
    return f"{tuple(x.shape)} {x.dtype}"


if __name__ == "__main__":
    data = torch.randint(-32768, 32767, (1_000_000, 64), dtype=torch.int16)
    start = time.time()
    bit_count(data)
    print("cpu", time.time() - start)

    data = data.to(torch.device("cuda"))
    start = time.time()
    bit_count(data)  # expect: WP103
    print("gpu", time.time() - start)  # expect: WP102

    start = time.time()
    text = describe(data)
    print(text, time.time() - start)
