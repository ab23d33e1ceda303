import time

import torch
from torch import nn


class Runner:
    def __init__(self, model):
        self.model = model.cuda()

    def _forward(self, x):
        return self.model(x.cuda())

    def run(self):
        return self._forward(torch.randn(64, 32))


def main():
    runner = Runner(nn.Linear(32, 10))
    runner.run()


if __name__ == "__main__":
    start = time.time()
    main()  # expect: WP103
    print(f"Inference took {time.time() - start:.3f} seconds")
