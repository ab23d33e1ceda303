"""A Hugging Face Trainer's train_runtime compared across runs when the training arguments evaluate every epoch:
the runtime is the whole train() call, evaluation included."""
from transformers import Trainer, TrainingArguments


def finetune(model, train_ds, eval_ds, lr):
    args = TrainingArguments(output_dir="out", learning_rate=lr, num_train_epochs=3, eval_strategy="epoch")
    trainer = Trainer(model=model, args=args, train_dataset=train_ds, eval_dataset=eval_ds)
    out = trainer.train()
    return out.metrics["train_runtime"]  # expect: WP116


def compare(model_a, model_b, train_ds, eval_ds):
    a, b = finetune(model_a, train_ds, eval_ds, 5e-5), finetune(model_b, train_ds, eval_ds, 2e-4)
    print(f"train time {a:.0f} s vs {b:.0f} s: {a / b:.2f}x")
