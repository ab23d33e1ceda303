"""WP103 on a training library's evaluation timed as its first run: nothing ran the model before the clock
started. Three shapes: a Hugging Face `Trainer.evaluate()`, `Trainer.evaluate()` of a model a function builds
and times once, and `Trainer.predict` timed with `perf_counter`."""
import time

from transformers import AutoModelForSequenceClassification, Trainer, TrainingArguments

clf = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased").to("cuda")
hf = Trainer(model=clf, args=TrainingArguments(output_dir="runs/clf"), eval_dataset=None)
t0 = time.time()
scores = hf.evaluate()  # expect: WP103
print("evaluate took", time.time() - t0)


def evaluate_once(name):
    model = AutoModelForSequenceClassification.from_pretrained(name).to("cuda")
    trainer = Trainer(model=model, args=TrainingArguments(output_dir="runs/" + name), eval_dataset=None)
    start = time.perf_counter()
    out = trainer.evaluate()  # expect: WP103
    print("evaluate", name, time.perf_counter() - start)
    return out


evaluate_once("roberta-base")
probe = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased").to("cuda")
runner = Trainer(model=probe, args=TrainingArguments(output_dir="runs/probe"))
s = time.perf_counter()
runner.predict(None)  # expect: WP103
print("predict took", time.perf_counter() - s)
