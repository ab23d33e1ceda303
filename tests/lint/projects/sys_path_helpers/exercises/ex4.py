"""A script whose own text names no clock at all: the helper comes through `sys.path` and a star import, inside
a function."""
import sys
sys.path.append('../helpers')
from loops import *
import torch


def main():
    q = torch.randn(4096, 4096, device="cuda")
    avg = per_call_avg(torch.mm, q, q, reps=20)  # expect-alone: WP105
    print("mm s", avg)


if __name__ == "__main__":
    main()
