"""A clock around a training library's training run (`Trainer.train()`, Lightning's `fit`): the wall time of a
run, whose first steps belong to the workload; the evaluation after training in the same clock runs a warm model."""
import time

import lightning as L
import torch
from transformers import AutoModelForSequenceClassification, Trainer, TrainingArguments

began = time.time()
clf = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased").to("cuda")
hf = Trainer(model=clf, args=TrainingArguments(output_dir="runs/clf"), train_dataset=None, eval_dataset=None)
hf.train()
scores = hf.evaluate()
print("whole run", time.time() - began, scores)


class Tiny(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(32, 2)

    def training_step(self, batch, idx):
        return self.layer(batch).sum()

    def test_step(self, batch, idx):
        return self.layer(batch).sum()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def fit_and_test(loader):
    module = Tiny()
    trainer = L.Trainer(accelerator="gpu", devices=1, max_epochs=2)
    start = time.perf_counter()
    trainer.fit(module, loader)
    trainer.test(module, loader)
    print("fit + test", time.perf_counter() - start)


fit_and_test(torch.utils.data.DataLoader(torch.randn(64, 32), batch_size=8))
