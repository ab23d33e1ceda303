"""Near miss of record_time_unread_silent.py: the record goes to metrics with a class that reads its time, and the
end read comes before the loss is read back: reported."""
import time

import torch


class Outputs:
    def __init__(self, loss, time):
        self.loss = loss
        self.time = time


class Loss:
    def __init__(self):
        self.values = []

    def update(self, outputs):
        self.values.append(outputs.loss)


class StepTime:
    def __init__(self):
        self.values = []

    def update(self, outputs):
        self.values.append(outputs.time)


class Metrics:
    def __init__(self, metrics, name):
        self.metrics = metrics
        self.name = name

    def update(self, outputs):
        for m in self.metrics:
            m.update(outputs)


def evaluate(model, batch):
    start = time.time()
    with torch.no_grad():
        loss = model(batch["x"].cuda()).mean()
    end = time.time()  # expect: WP102
    step_time = end - start
    return Outputs(loss=loss.item(), time=step_time)


def main(model, loader):
    eval_metrics = Metrics([Loss(), StepTime()], name="eval")
    for batch in loader:
        outputs = evaluate(model, batch)
        eval_metrics.update(outputs)
    print(eval_metrics.metrics[1].values)
