import time

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Trainer:
    def __init__(self, model, data):
        self.model = model.cuda()
        self.data = data
        self.opt = torch.optim.Adam(self.model.parameters())

    def _run_batch(self, x, y):
        self.opt.zero_grad()
        loss = nn.functional.cross_entropy(self.model(x.cuda()), y.cuda())
        loss.backward()
        self.opt.step()

    def _run_epoch(self):
        for x, y in self.data:
            self._run_batch(x, y)

    def train(self, epochs):
        for _ in range(epochs):
            self._run_epoch()


def main():
    data = DataLoader(TensorDataset(torch.randn(512, 32), torch.randint(0, 10, (512,))), batch_size=32)
    trainer = Trainer(nn.Linear(32, 10), data)
    trainer.train(3)


if __name__ == "__main__":
    start = time.time()
    main()
    print(f"Training completed in {time.time() - start:.0f} seconds")
