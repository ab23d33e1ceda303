"""Loggers of a training loop: one reads the loss on the host every step, the other only keeps the tensor."""


class StepLog:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def add(self, loss, batch):
        self.total += loss.item() * batch
        self.count += batch


class QuietLog:
    def __init__(self):
        self.last = None

    def add(self, loss, batch):
        self.last = loss.detach()
