"""A whole training run (200 epochs through a plain method of a trainer) timed once, cold: the first-call start-up is
a small, legitimate part of the total training time (held2prec, set 112 class, WP103 side): silent."""
import time
import torch


class Trainer:
    def __init__(self, model):
        self.model = model.cuda()
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def train_epoch(self, loader):
        for x in loader:
            loss = self.model(x.cuda()).sum()
            loss.backward()
            self.opt.step()

    def train_model(self, loader, num_epochs=200):
        for epoch in range(num_epochs):
            self.train_epoch(loader)


trainer = Trainer(torch.nn.Linear(64, 64))
loader = [torch.randn(8, 64) for _ in range(10)]
t0 = time.time()
trainer.train_model(loader)  # expect-extra: WP103
torch.cuda.synchronize()
print("training time", time.time() - t0)
