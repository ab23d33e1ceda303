"""train_runtime read from Trainers that do not evaluate during training (the default strategy, or "no"), and a
file whose strategy is set from the command line (not shown here)."""
import sys

from transformers import Trainer, TrainingArguments


def finetune(model, train_ds, lr):
    args = TrainingArguments(output_dir="out", learning_rate=lr, num_train_epochs=3, eval_strategy="no")
    out = Trainer(model=model, args=args, train_dataset=train_ds).train()
    return out.metrics["train_runtime"]


def finetune_default(model, train_ds, eval_ds):
    args = TrainingArguments(output_dir="out", num_train_epochs=1)
    out = Trainer(model=model, args=args, train_dataset=train_ds, eval_dataset=eval_ds).train()
    print("samples/s", out.metrics["train_samples_per_second"])


def finetune_cli(model, train_ds, eval_ds):
    args = TrainingArguments(output_dir="out", eval_strategy=sys.argv[1])
    out = Trainer(model=model, args=args, train_dataset=train_ds, eval_dataset=eval_ds).train()
    print("runtime", out.metrics["train_runtime"])
