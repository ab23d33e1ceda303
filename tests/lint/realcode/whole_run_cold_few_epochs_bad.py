"""Near miss of whole_run_cold_model_silent.py: 3 epochs, so the cold first call is a material part of the time:
reported."""
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

    def train_model(self, loader, num_epochs=3):
        for epoch in range(num_epochs):
            self.train_epoch(loader)


trainer = Trainer(torch.nn.Linear(64, 64))
loader = [torch.randn(8, 64) for _ in range(10)]
t0 = time.time()
trainer.train_model(loader)  # expect: WP103
torch.cuda.synchronize()
print("training time", time.time() - t0)
